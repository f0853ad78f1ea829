// Event stream handlers in the handler list: use, resetHandlers, boundary, once,
// listHandlers and lifecycle events behave as for any HTTP handler.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { HttpHandler, sse, ServerSentEventHandler } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { openStream } from '../helpers/event-stream'

const greeting = (text: string) =>
  sse('https://api.test/s', ({ client }) => {
    client.send({ data: text })
    client.close()
  })
const server = setupServer(greeting('initial'))
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const read = async () => (await openStream('https://api.test/s')).body.toEnd()

describe('handler list operations', () => {
  it('use() overrides, resetHandlers() restores the initial handler', async () => {
    expect(await read()).toBe('data:initial\n\n')
    server.use(greeting('override'))
    expect(await read()).toBe('data:override\n\n')
    server.resetHandlers()
    expect(await read()).toBe('data:initial\n\n')
  })

  it('once handlers answer one connection until restoreHandlers()', async () => {
    server.use(sse('https://api.test/s', ({ client }) => client.close(), { once: true }))
    expect(await read()).toBe('')
    expect(await read()).toBe('data:initial\n\n')
    server.restoreHandlers()
    expect(await read()).toBe('')
  })

  it('parallel boundaries each stream their own overrides', async () => {
    const inBoundary = (text: string) =>
      server.boundary(async () => {
        server.use(greeting(text))
        return read()
      })()
    expect(await Promise.all([inBoundary('a'), inBoundary('b'), read()])).toEqual([
      'data:a\n\n',
      'data:b\n\n',
      'data:initial\n\n',
    ])
  })

  it('lists the handler as an HttpHandler with its method and path, as MSW does', () => {
    const handler = sse('/events', () => {})
    expect(handler).toBeInstanceOf(ServerSentEventHandler)
    expect(handler).toBeInstanceOf(HttpHandler)
    expect(handler.info.header).toBe('GET /events')
    expect(sse('/chat', () => {}, { method: 'post' }).info.header).toBe('POST /chat')
    server.use(handler)
    expect(server.listHandlers()[0]).toBe(handler)
  })
})

describe('lifecycle events', () => {
  it('emits start, match, end and response:mocked with the stream response', async () => {
    const seen: string[] = []
    const contentTypes: (string | null)[] = []
    const listeners = {
      'request:start': () => seen.push('request:start'),
      'request:match': () => seen.push('request:match'),
      'request:end': () => seen.push('request:end'),
      'response:mocked': ({ response }: { response: Response }) => {
        seen.push('response:mocked')
        contentTypes.push(response.headers.get('content-type'))
      },
    } as const
    for (const [name, listener] of Object.entries(listeners))
      server.events.on(name as keyof typeof listeners, listener as never)
    try {
      expect(await read()).toBe('data:initial\n\n')
      expect(seen).toEqual(['request:start', 'request:match', 'request:end', 'response:mocked'])
      expect(contentTypes).toEqual(['text/event-stream'])
    } finally {
      server.events.removeAllListeners()
    }
  })
})
