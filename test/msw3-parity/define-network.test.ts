// msw/experimental's defineNetwork with a custom source, under msw@3.0.5 and mocklib/experimental:
// the same frames get the same answers, events and handler-list behaviour.
import { describe, expect, it, vi } from 'vitest'
import { runBoth3, type Lib3 } from './harness'

/** A source whose send() queues a request as a frame and says how the network answered it. */
function callSource({ experimental }: Lib3) {
  class CallSource extends experimental.NetworkSource {
    enable() {}
    async send(request: Request): Promise<string> {
      let outcome = 'unanswered'
      class CallFrame extends experimental.HttpNetworkFrame {
        respondWith(response: Response) {
          outcome = `mocked ${response.status}`
        }
        passthrough() {
          outcome = 'passthrough'
        }
        errorWith() {
          outcome = 'error'
        }
      }
      await this.queue(new CallFrame({ request }))
      return outcome
    }
  }
  return new CallSource()
}

describe('defineNetwork (msw/experimental)', () => {
  it('answers, passes through and errors frames as msw 3 does, with the same events and handler list', async () => {
    const outcomes = await runBoth3(async (lib) => {
      const { http, HttpResponse } = lib.http
      const source = callSource(lib)
      const user = http.get('https://api.test/user', () => HttpResponse.json({ name: 'John' }, { status: 201 }))
      const network = lib.experimental.defineNetwork({
        sources: [source],
        handlers: [user],
        onUnhandledFrame: 'bypass',
      })
      const events: string[] = []
      for (const name of ['request:start', 'request:match', 'request:unhandled', 'request:end'] as const)
        network.events.on(name, ({ request }) => events.push(`${name} ${new URL(request.url).pathname}`))
      await network.enable()
      const once = http.get('https://api.test/user', () => HttpResponse.text('once', { status: 202 }), { once: true })
      network.use(once)
      const answers = [
        await source.send(new Request('https://api.test/user')),
        await source.send(new Request('https://api.test/user')),
        await source.send(new Request('https://api.test/unknown')),
      ]
      const listed = network.listHandlers().length
      network.disable()
      network.configure({ onUnhandledFrame: 'error' })
      await network.enable()
      const error = vi.spyOn(console, 'error').mockImplementation(() => {})
      answers.push(await source.send(new Request('https://api.test/unknown')))
      error.mockRestore()
      network.disable()
      answers.push(await source.send(new Request('https://api.test/user')))
      return { answers, events, listed, readyState: network.readyState }
    })
    expect(outcomes.mocklib).toEqual(outcomes.msw3)
    expect(outcomes.mocklib.answers).toEqual(['mocked 202', 'mocked 201', 'passthrough', 'error', 'unanswered'])
  })
})
