// mocklib/experimental: MSW 3's defineNetwork() with a custom source. The source queues HTTP
// frames; the network answers them with mocklib's handlers through the setupServer() pipeline
// (events, once, overrides, the unhandled strategy), and each frame answers its own way.
import {
  defineNetwork,
  HandlersController,
  HttpNetworkFrame,
  InMemoryHandlersController,
  NetworkFrame,
  NetworkReadyState,
  NetworkSource,
} from 'mocklib/experimental'
import { http, HttpResponse } from 'mocklib/http'
import { passthrough } from 'mocklib/utils/passthrough'
import { MocklibTypeError, type RequestHandler } from 'mocklib'
import { afterEach, describe, expect, it, vi } from 'vitest'

type Outcome =
  { type: 'mocked'; status: number; body: string } | { type: 'passthrough' } | { type: 'error'; reason: unknown }

/** A source that catches what `send()` is given: the way a custom transport would hand requests over. */
class CallSource extends NetworkSource {
  enabledWith: unknown[] = []

  enable(context?: unknown): Promise<void> {
    this.enabledWith.push(context)
    return Promise.resolve()
  }

  /** Queues the request as a frame; resolves with how the network answered it (undefined: not at all). */
  async send(request: Request): Promise<Outcome | undefined> {
    let outcome: Promise<Outcome> | undefined
    class CallFrame extends HttpNetworkFrame {
      respondWith(response: Response) {
        outcome = response.text().then((body) => ({ type: 'mocked', status: response.status, body }))
      }
      passthrough() {
        outcome = Promise.resolve({ type: 'passthrough' })
      }
      errorWith(reason?: unknown) {
        outcome = Promise.resolve({ type: 'error', reason })
      }
    }
    await this.queue(new CallFrame({ request }))
    return outcome
  }
}

const user = http.get('https://api.test/user', () => HttpResponse.json({ name: 'John' }))
const networks: Array<{ readyState: number; disable(): unknown }> = []
afterEach(() => {
  for (const network of networks.splice(0)) if (network.readyState === NetworkReadyState.ENABLED) network.disable()
  vi.restoreAllMocks()
})

function network(handlers: RequestHandler[] | HandlersController = [user], options = {}) {
  const source = new CallSource()
  const created = defineNetwork({ sources: [source], handlers, ...options })
  networks.push(created)
  return { source, network: created }
}

describe('defineNetwork', () => {
  it("answers a source's frame with the handlers, and emits the lifecycle events", async () => {
    const { source, network: net } = network()
    const matched: RequestHandler[] = []
    net.events.on('request:match', ({ handler }) => matched.push(handler))
    expect(net.readyState).toBe(NetworkReadyState.DISABLED)
    await net.enable()
    expect(net.readyState).toBe(NetworkReadyState.ENABLED)
    expect(await source.send(new Request('https://api.test/user'))).toEqual({
      type: 'mocked',
      status: 200,
      body: '{"name":"John"}',
    })
    expect(matched).toEqual([user])
  })

  it('passes the context to the sources and resolves relative handler paths against its baseUrl', async () => {
    const relative = http.get('/api/item', () => HttpResponse.text('item'))
    const { source, network: net } = network([relative], { context: { baseUrl: 'https://app.test' } })
    await net.enable()
    expect(source.enabledWith).toEqual([{ baseUrl: 'https://app.test' }])
    expect(await source.send(new Request('https://app.test/api/item'))).toMatchObject({ body: 'item' })
  })

  it('use(), resetHandlers(), restoreHandlers() and listHandlers() work as on setupServer()', async () => {
    const { source, network: net } = network()
    await net.enable()
    const once = http.get('https://api.test/user', () => HttpResponse.text('override'), { once: true })
    net.use(once)
    expect(net.listHandlers()).toEqual([once, user])
    expect(await source.send(new Request('https://api.test/user'))).toMatchObject({ body: 'override' })
    expect(await source.send(new Request('https://api.test/user'))).toMatchObject({ body: '{"name":"John"}' })
    net.restoreHandlers()
    expect(await source.send(new Request('https://api.test/user'))).toMatchObject({ body: 'override' })
    net.resetHandlers()
    expect(net.listHandlers()).toEqual([user])
  })

  it("a resolver's passthrough() and an unhandled frame under 'bypass' pass the frame through", async () => {
    const { source, network: net } = network([http.get('https://api.test/real', () => passthrough())], {
      onUnhandledFrame: 'bypass',
    })
    await net.enable()
    expect(await source.send(new Request('https://api.test/real'))).toEqual({ type: 'passthrough' })
    expect(await source.send(new Request('https://api.test/unknown'))).toEqual({ type: 'passthrough' })
  })

  it("an unhandled frame under 'error' is errored; a callback gets { frame, defaults }", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { source, network: net } = network([user], { onUnhandledFrame: 'error' })
    await net.enable()
    const errored = await source.send(new Request('https://api.test/unknown'))
    expect(errored).toMatchObject({ type: 'error', reason: expect.any(Error) })

    net.disable()
    const seen: string[] = []
    net.configure({
      onUnhandledFrame({ frame }) {
        if (frame.protocol === 'http') seen.push(`http ${frame.data.request.url}`)
      },
    })
    await net.enable()
    expect(await source.send(new Request('https://api.test/other'))).toEqual({ type: 'passthrough' })
    expect(seen).toEqual(['http https://api.test/other'])
  })

  it('a disabled network leaves frames unanswered; enabling twice or configuring while enabled is refused', async () => {
    const { source, network: net } = network()
    await net.enable()
    expect(() => net.enable()).toThrow(/Cannot call network\.enable\(\): it is already enabled/)
    expect(() => net.configure({ handlers: [] })).toThrow(/network\.disable\(\) first/)
    net.disable()
    expect(() => net.disable()).toThrow(/it is not enabled/)
    expect(await source.send(new Request('https://api.test/user'))).toBeUndefined()
  })

  it('shares an InMemoryHandlersController; refuses other controllers and non-HTTP frames with a clear error', async () => {
    const controller = new InMemoryHandlersController([user])
    const { network: net } = network(controller)
    const extra = http.get('https://api.test/extra', () => HttpResponse.text('extra'))
    net.use(extra)
    expect(controller.listHandlers()).toEqual([extra, user])

    class RemoteController extends HandlersController {
      use() {}
      reset() {}
      restore() {}
      listHandlers() {
        return []
      }
    }
    expect(() => defineNetwork({ sources: [], handlers: new RemoteController() })).toThrow(MocklibTypeError)
    expect(() => defineNetwork({ sources: [], handlers: new RemoteController() })).toThrow(
      /received a custom HandlersController\. Pass an array of handlers or an InMemoryHandlersController/,
    )

    class SocketFrame extends NetworkFrame<'ws', null> {
      reason: unknown
      passthrough() {}
      errorWith(reason?: unknown) {
        this.reason = reason
      }
    }
    const source = new CallSource()
    const socketNet = defineNetwork({ sources: [source] })
    networks.push(socketNet)
    await socketNet.enable()
    const frame = new SocketFrame('ws', null)
    await source.queue(frame)
    expect(String(frame.reason)).toMatch(/got a "ws" frame: mocklib resolves HTTP frames \(HttpNetworkFrame\) only/)
  })
})
