// ws.link under msw 2.14 and under mocklib: the same scenario, what the client observes.
// (Where mocklib differs on purpose, docs/realtime.md "Compared with MSW's ws" says so.)
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { runBoth, withServer, type Lib } from '../parity/harness'
import { startRealServer, type RealServer } from './real-server'
import { deferred, openSocket } from './socket'

let real: RealServer
beforeAll(async () => {
  real = await startRealServer()
})
afterAll(() => real.close())

const URL = 'wss://parity.test/chat'

/** Opens a socket, sends `send` once open, and collects frames until `frames` arrived; then closes. */
async function session(send: string[], frames: number): Promise<unknown[]> {
  const { socket, opened, nextMessage } = openSocket(URL)
  await opened
  for (const frame of send) socket.send(frame)
  const got: unknown[] = []
  for (let index = 0; index < frames; index++) got.push((await nextMessage()).data)
  socket.close()
  return got
}

describe('ws.link parity with msw 2.14', () => {
  it('echo, and every matching handler in list order with an override first', async () => {
    const outcome = await runBoth((lib: Lib) => {
      const link = lib.ws.link(URL)
      const initial = link.addEventListener('connection', ({ client }) => {
        client.addEventListener('message', (event) => client.send(`initial: ${String(event.data)}`))
      })
      return withServer(lib, [initial], { onUnhandledRequest: 'error' }, async (server) => {
        server.use(link.addEventListener('connection', ({ client }) => client.send('override says hi')))
        return session(['a'], 2)
      })
    })
    expect(outcome.mocklib).toEqual(outcome.msw)
    expect(outcome.mocklib).toEqual(['override says hi', 'initial: a'])
  })

  it('stopPropagation() in the first handler keeps the frame from the second handler', async () => {
    const outcome = await runBoth((lib: Lib) => {
      const link = lib.ws.link(URL)
      const first = link.addEventListener('connection', ({ client }) => {
        client.addEventListener('message', (event) => {
          event.stopPropagation()
          client.send(`first: ${String(event.data)}`)
        })
      })
      const second = link.addEventListener('connection', ({ client }) => {
        client.addEventListener('message', (event) => client.send(`second: ${String(event.data)}`))
      })
      return withServer(lib, [first, second], { onUnhandledRequest: 'error' }, () => session(['x', 'y'], 2))
    })
    expect(outcome.mocklib).toEqual(outcome.msw)
    expect(outcome.mocklib).toEqual(['first: x', 'first: y'])
  })

  it('client.close(code, reason) reaches the client', async () => {
    const outcome = await runBoth((lib: Lib) => {
      const link = lib.ws.link(URL)
      const handler = link.addEventListener('connection', ({ client }) => {
        client.addEventListener('message', () => client.close(4001, 'bye'))
      })
      return withServer(lib, [handler], { onUnhandledRequest: 'error' }, async () => {
        const { socket, opened, closed } = openSocket(URL)
        await opened
        socket.send('close me')
        const event = await closed
        return [event.code, event.reason]
      })
    })
    expect(outcome.mocklib).toEqual(outcome.msw)
    expect(outcome.mocklib).toEqual([4001, 'bye'])
  })

  it('a connection listener that throws: error event, then close 1011 with the message', async () => {
    const outcome = await runBoth((lib: Lib) => {
      const handler = lib.ws.link(URL).addEventListener('connection', () => {
        throw new Error('listener failed')
      })
      return withServer(lib, [handler], { onUnhandledRequest: 'error' }, async () => {
        const silence = vi.spyOn(console, 'error').mockImplementation(() => {})
        try {
          const { errored, closed } = openSocket(URL)
          const error = await errored
          const event = await closed
          return [error.type, event.code, event.reason]
        } finally {
          silence.mockRestore()
        }
      })
    })
    expect(outcome.mocklib).toEqual(outcome.msw)
    expect(outcome.mocklib).toEqual(['error', 1011, 'listener failed'])
  })

  it('server.connect() forwards both ways; preventDefault() on a server frame lets the handler patch it', async () => {
    const outcome = await runBoth((lib: Lib) => {
      const handler = lib.ws.link(real.url).addEventListener('connection', ({ client, server }) => {
        server.connect()
        server.addEventListener('message', (event) => {
          if (String(event.data).startsWith('hello')) {
            event.preventDefault()
            client.send('patched greeting')
          }
        })
      })
      return withServer(lib, [handler], { onUnhandledRequest: 'error' }, async () => {
        const { socket, nextMessage } = openSocket(real.url)
        const greeting = (await nextMessage()).data
        socket.send('ping')
        const reply = (await nextMessage()).data
        socket.close()
        return [greeting, reply]
      })
    })
    expect(outcome.mocklib).toEqual(outcome.msw)
    expect(outcome.mocklib).toEqual(['patched greeting', 'real: ping'])
  })

  it("a server frame the handler lets through reaches the client before the handler's own reply to it", async () => {
    const outcome = await runBoth((lib: Lib) => {
      const handler = lib.ws.link(real.url).addEventListener('connection', ({ client, server }) => {
        server.connect()
        server.addEventListener('message', (event) => client.send(`seen: ${String(event.data)}`))
      })
      return withServer(lib, [handler], { onUnhandledRequest: 'error' }, async () => {
        const { socket, nextMessage } = openSocket(real.url)
        const frames = [(await nextMessage()).data, (await nextMessage()).data]
        socket.close()
        return frames
      })
    })
    expect(outcome.mocklib).toEqual(outcome.msw)
    expect(outcome.mocklib).toEqual(['hello from the real server', 'seen: hello from the real server'])
  })

  it("a client frame's event, as the handler's listener gets it, has the application's socket as its target", async () => {
    const outcome = await runBoth((lib: Lib) => {
      let seen: { target: unknown; currentTarget: unknown } | undefined
      const handler = lib.ws.link(URL).addEventListener('connection', ({ client }) => {
        client.addEventListener('message', (event) => {
          seen = { target: event.target, currentTarget: event.currentTarget }
          client.send('got it')
        })
      })
      return withServer(lib, [handler], { onUnhandledRequest: 'error' }, async () => {
        const { socket, opened, nextMessage } = openSocket(URL)
        await opened
        socket.send('hi')
        await nextMessage()
        socket.close()
        return [seen?.target === socket, seen?.currentTarget === socket]
      })
    })
    expect(outcome.mocklib).toEqual(outcome.msw)
    expect(outcome.mocklib).toEqual([true, true])
  })

  it('broadcastExcept() reaches every other connected client', async () => {
    const outcome = await runBoth((lib: Lib) => {
      const link = lib.ws.link(URL)
      const handler = link.addEventListener('connection', ({ client }) => {
        client.addEventListener('message', (event) => link.broadcastExcept(client, `relay: ${String(event.data)}`))
      })
      return withServer(lib, [handler], { onUnhandledRequest: 'error' }, async () => {
        const a = openSocket(URL)
        const b = openSocket(URL)
        await Promise.all([a.opened, b.opened])
        a.socket.send('from a')
        const got = (await b.nextMessage()).data
        b.socket.send('from b')
        const back = (await a.nextMessage()).data
        a.socket.close()
        b.socket.close()
        return [got, back]
      })
    })
    expect(outcome.mocklib).toEqual(outcome.msw)
    expect(outcome.mocklib).toEqual(['relay: from a', 'relay: from b'])
  })

  it('a handshake sent with fetch to a ws.link() URL: 101 with the accept key, and the handler gets the connection', async () => {
    const outcome = await runBoth((lib: Lib) => {
      const seen = deferred<string>()
      const handler = lib.ws.link(URL).addEventListener('connection', ({ client }) => seen.resolve(client.url.href))
      return withServer(lib, [handler], { onUnhandledRequest: 'error' }, async () => {
        const headers = { upgrade: 'websocket', connection: 'upgrade', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' }
        const response = await fetch(URL.replace('wss:', 'https:'), { headers })
        return [
          response.status,
          response.headers.get('upgrade'),
          response.headers.get('connection'),
          response.headers.get('sec-websocket-accept'),
          await seen.promise,
        ]
      })
    })
    expect(outcome.mocklib).toEqual(outcome.msw)
    expect(outcome.mocklib).toEqual([101, 'websocket', 'upgrade', 's3pPLMBiTxaQ9kYGzzhZRbK+xOo=', URL])
  })
})
