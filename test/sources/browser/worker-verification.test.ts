// Verification in a page: the worker keeps a history (handler.calls, worker.history, near misses),
// waits for a request, lists pending handlers and reports unused ones at resetHandlers() and stop().
import { describe, expect, it } from 'vitest'
import { usePageSession } from './harness'

const session = usePageSession()

describe('setupWorker() verification', () => {
  it('records calls and history, with the near miss of an unhandled request', async () => {
    const { page } = session.tab
    const result = await page.evaluate(async () => {
      const { http, HttpResponse, setupWorker } = window.mocklib
      const user = http.get('/api/users/:id', ({ params }) => HttpResponse.json({ id: params.id }))
      const create = http.post('/api/posts', () => HttpResponse.json({ id: 1 }, { status: 201 }))
      const worker = setupWorker(user, create)
      await worker.start({ quiet: true, onUnhandledRequest: 'bypass' })
      await fetch('/api/users/7')
      const beacon = worker.waitForRequest(create, { timeout: 5000 })
      void fetch('/api/posts', { method: 'POST', body: JSON.stringify({ title: 'hi' }) })
      const call = await beacon
      await fetch('/api/posts') // GET: no handler takes it; it goes to the test server (404)
      const summary = {
        userCalls: user.calls.map((call) => [call.params, call.response?.status]),
        body: await call.request.json(),
        history: worker.history.map((entry) => [entry.method, new URL(entry.url).pathname, entry.reason ?? 'answered']),
        nearMiss: worker.history[2]?.nearMiss?.reasons,
        nearHandler: worker.history[2]?.nearMiss?.handler === create,
        pending: worker.pendingHandlers().length,
      }
      await worker.stop()
      return { ...summary, afterStop: worker.history.length }
    })
    expect(result).toEqual({
      userCalls: [[{ id: '7' }, 200]],
      body: { title: 'hi' },
      history: [
        ['GET', '/api/users/7', 'answered'],
        ['POST', '/api/posts', 'answered'],
        ['GET', '/api/posts', 'unhandled'],
      ],
      nearMiss: [{ kind: 'method', expected: 'POST', received: 'GET' }],
      nearHandler: true,
      pending: 0,
      afterStop: 0,
    })
  })

  it("reports unused handlers at resetHandlers() and at stop() under onUnusedHandler: 'error'", async () => {
    const { page } = session.tab
    const result = await page.evaluate(async () => {
      const { http, HttpResponse, setupWorker } = window.mocklib
      const settings = http.get('/api/settings', () => HttpResponse.json({}))
      const worker = setupWorker(settings)
      await worker.start({ quiet: true, onUnhandledRequest: 'bypass', onUnusedHandler: 'error' })
      worker.use(http.get('/api/users/:id/posts', () => HttpResponse.json([])))
      await fetch('/api/users/1/post')
      const pending = worker.pendingHandlers().map((handler) => handler.info.header)
      const failure = (error: unknown) => {
        const { name, code, message, handlers } = error as Error & { code: string; handlers: unknown[] }
        return { name, code, message, count: handlers.length }
      }
      let atReset: unknown
      try {
        worker.resetHandlers()
      } catch (error) {
        atReset = failure(error)
      }
      const atStop = await worker.stop().then(() => undefined, failure)
      return { pending, atReset, atStop }
    })
    expect(result.pending).toEqual([
      expect.stringMatching(/^GET .*\/api\/users\/:id\/posts$/),
      expect.stringMatching(/\/api\/settings$/),
    ])
    expect(result.atReset).toMatchObject({ name: 'UnusedHandlersError', code: 'MOCKLIB_UNUSED_HANDLERS', count: 1 })
    expect((result.atReset as { message: string }).message).toMatch(
      /checked at worker\.resetHandlers\(\)\):\n {2}- GET .*\/api\/users\/:id\/posts declared at [^\n]+\n {4}closest request: GET .*\/api\/users\/1\/post: path segment 4 differs: "post" here, "posts" in the handler/,
    )
    expect(result.atStop).toMatchObject({ name: 'UnusedHandlersError', count: 1 })
    expect((result.atStop as { message: string }).message).toMatch(
      /checked at worker\.stop\(\)\):\n {2}- GET .*\/api\/settings/,
    )
  })

  it('keeps no history with { history: false }, and refuses an unknown onUnusedHandler', async () => {
    const { page } = session.tab
    const result = await page.evaluate(async () => {
      const { http, HttpResponse, setupWorker } = window.mocklib
      const user = http.get('/api/user', () => HttpResponse.json({}))
      const worker = setupWorker(user)
      const refused = await worker.start({ quiet: true, onUnusedHandler: 'loud' as 'warn' }).then(
        () => 'started',
        (error: Error & { code?: string }) => error.code,
      )
      await worker.start({ quiet: true, history: false })
      await fetch('/api/user')
      const kept = [worker.history.length, user.calls.length, worker.pendingHandlers().length]
      await worker.stop()
      return { refused, kept }
    })
    expect(result).toEqual({ refused: 'MOCKLIB_INVALID_ARGUMENT', kept: [0, 0, 0] })
  })
})
