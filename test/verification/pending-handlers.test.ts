// server.pendingHandlers() and listen({ onUnusedHandler }): a test that mocked something its
// code never asked for is told so, with the handler and where it was declared.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { http, HttpResponse, UnusedHandlersError, type RequestHandler, type UnusedHandlerDetails } from 'mocklib'
import { setupServer, type SetupServer } from 'mocklib/node'

const headers = (handlers: readonly RequestHandler[]) => handlers.map((handler) => handler.info.header)

let open: SetupServer | undefined
function start(options: Parameters<SetupServer['listen']>[0], ...handlers: RequestHandler[]): SetupServer {
  open = setupServer(...handlers)
  open.listen({ onUnhandledRequest: 'error', ...options })
  return open
}
afterEach(() => {
  try {
    open?.close()
  } catch {
    // A test that expected close() to throw has already asserted it.
  }
  open = undefined
})

describe('server.pendingHandlers()', () => {
  it('lists the handlers no request reached, in precedence order, and drops each once reached', async () => {
    const a = http.get('https://api.test/a', () => HttpResponse.text('a'))
    const server = start(
      {},
      a,
      http.get('https://api.test/b', () => {}),
    )
    server.use(http.post('https://api.test/c', () => HttpResponse.text('c')))
    expect(headers(server.pendingHandlers())).toEqual([
      'POST https://api.test/c',
      'GET https://api.test/a',
      'GET https://api.test/b',
    ])

    expect(await (await fetch('https://api.test/a')).text()).toBe('a')
    expect(headers(server.pendingHandlers())).toEqual(['POST https://api.test/c', 'GET https://api.test/b'])
    // A handler that returned nothing was still reached: the request fell through it (and is unhandled).
    await expect(fetch('https://api.test/b')).rejects.toThrow()
    const { pendingHandlers } = server // works detached, like the other list methods
    expect(headers(pendingHandlers())).toEqual(['POST https://api.test/c'])
  })

  it('counts a once handler as pending until it is spent, and again after restoreHandlers()', async () => {
    const once = http.get('https://api.test/once', () => HttpResponse.text('once'), { once: true })
    const server = start({}, once)
    expect(server.pendingHandlers()).toEqual([once])
    await fetch('https://api.test/once')
    expect(server.pendingHandlers()).toEqual([])
    server.restoreHandlers()
    expect(server.pendingHandlers()).toEqual([once])
  })

  it('counts a generator resolver as reached from its first answer', async () => {
    const sequence = http.get('https://api.test/seq', function* () {
      yield HttpResponse.text('1')
      return HttpResponse.text('2')
    })
    const server = start({}, sequence)
    expect(await (await fetch('https://api.test/seq')).text()).toBe('1')
    expect(server.pendingHandlers()).toEqual([])
  })

  it('belongs to the boundary: requests in one do not reach handlers in another', async () => {
    const shared = http.get('https://api.test/shared', () => HttpResponse.text('ok'))
    const server = start({}, shared)
    const inside = await server.boundary(async () => {
      await fetch('https://api.test/shared')
      return server.pendingHandlers()
    })()
    expect(inside).toEqual([])
    expect(server.pendingHandlers()).toEqual([shared])
    await fetch('https://api.test/shared')
    const fresh = server.boundary(() => server.pendingHandlers())()
    expect(fresh).toEqual([shared])
  })
})

describe('listen({ onUnusedHandler })', () => {
  it("'error' makes resetHandlers() throw, naming each dropped override and where it was declared", async () => {
    const initial = http.get('https://api.test/initial', () => HttpResponse.text('initial'))
    const server = start({ onUnusedHandler: 'error' }, initial)
    const used = http.get('https://api.test/used', () => HttpResponse.text('used'))
    const unused = http.get('https://api.test/never', () => HttpResponse.text('never'))
    server.use(used, unused)
    await fetch('https://api.test/used')

    let thrown: unknown
    try {
      server.resetHandlers()
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(UnusedHandlersError)
    const error = thrown as UnusedHandlersError
    expect(error.code).toBe('MOCKLIB_UNUSED_HANDLERS')
    expect(error.handlers).toEqual([unused])
    expect(error.message).toContain('checked at server.resetHandlers()')
    expect(error.message).toContain('GET https://api.test/never declared at ')
    expect(error.message).toContain('pending-handlers.test.ts:')
    // The initial handler is checked at close(), not at every reset; the list was reset anyway.
    expect(error.message).not.toContain('/initial')
    expect(server.listHandlers()).toEqual([initial])
  })

  it("'error' makes close() throw for initial handlers never reached, after restoring fetch", async () => {
    const idle = http.get('https://api.test/idle', () => HttpResponse.text('idle'))
    const server = start({ onUnusedHandler: 'error' }, idle)
    expect(() => server.close()).toThrow(/1 handler was never reached by a request \(checked at server\.close\(\)\)/)
    await expect(fetch('https://api.test/idle')).rejects.toThrow() // no longer intercepted
    expect(() => server.close()).not.toThrow() // a second close() has nothing to report
  })

  it("'warn' prints the report and lets the call return", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const once = http.get('https://api.test/o', () => HttpResponse.text('o'), { once: true })
      const server = start({ onUnusedHandler: 'warn' }, once)
      server.close()
      expect(warn).toHaveBeenCalledTimes(1)
      const printed = String(warn.mock.calls[0]?.[0])
      expect(printed).toContain('GET https://api.test/o (a `once` handler not spent) declared at ')
    } finally {
      warn.mockRestore()
    }
  })

  it('a function gets the handlers and where the check ran, and nothing when all were reached', async () => {
    const calls: [readonly RequestHandler[], UnusedHandlerDetails][] = []
    const server = start({ onUnusedHandler: (handlers, details) => void calls.push([handlers, details]) })
    const override = http.get('https://api.test/x', () => HttpResponse.text('x'))
    server.use(override)
    server.resetHandlers()
    server.use(http.get('https://api.test/y', () => HttpResponse.text('y')))
    await fetch('https://api.test/y')
    server.resetHandlers()
    server.close()
    expect(calls).toHaveLength(1)
    expect(calls[0]?.[0]).toEqual([override])
    expect(calls[0]?.[1].at).toBe('resetHandlers')
    expect(calls[0]?.[1].message).toContain('GET https://api.test/x')
  })

  it('rejects an unknown strategy at listen() with a coded error', () => {
    const server = setupServer()
    expect(() => server.listen({ onUnusedHandler: 'fail' as never })).toThrow(
      expect.objectContaining({
        code: 'MOCKLIB_INVALID_ARGUMENT',
        message: expect.stringContaining("'warn', 'error' or a function"),
      }),
    )
    server.close()
  })
})
