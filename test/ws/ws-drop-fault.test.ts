// fault.drop(client, afterMessages): a WebSocket connection lost with no close frame, seen by the
// client as a real server's abrupt drop (compared side by side with a `ws` server that terminates
// its socket), and graphql-ws recovering from it with its own retry.
import { createServer } from 'node:http'
import { fault, ws } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { WebSocketServer } from 'ws'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { attemptSubscription, subscribeWithRetry } from '../subscriptions/graphql-ws-clients'
import { listenLocally } from '../helpers/local-origins'

const server = setupServer()
const http = createServer()
// The real server sends 'a' and 'b', then drops the connection without a close frame.
const real = new WebSocketServer({ server: http })
real.on('connection', (socket) => {
  socket.send('a')
  socket.send('b', () => socket.terminate())
})
let realUrl = ''

beforeAll(async () => {
  realUrl = (await listenLocally(http)).replace(/^http:/, 'ws:')
})
afterEach(() => {
  server.resetHandlers()
  server.close()
})
afterAll(async () => {
  real.close()
  await new Promise((resolve) => http.close(resolve))
})

/** Every event the socket fires until it closes, as text. */
function events(url: string): Promise<string[]> {
  return new Promise((resolve) => {
    const seen: string[] = []
    const socket = new WebSocket(url)
    socket.addEventListener('open', () => seen.push('open'))
    socket.addEventListener('message', (event) => seen.push(`message ${String(event.data)}`))
    socket.addEventListener('error', (event) => seen.push(`error ${event.type}`))
    socket.addEventListener('close', (event) => {
      seen.push(`close ${event.code} '${event.reason}' clean=${event.wasClean}`)
      resolve(seen)
    })
  })
}

describe('fault.drop()', () => {
  it('after N messages: the client sees what a real server dropping the connection gives it', async () => {
    const fromReal = await events(realUrl)
    expect(fromReal).toContain("close 1006 '' clean=false")
    server.use(
      ws.link('wss://drop.test/').addEventListener('connection', ({ client }) => {
        fault.drop(client, 2)
        client.send('a')
        client.send('b')
        client.send('never delivered')
      }),
    )
    server.listen()
    expect(await events('wss://drop.test/')).toEqual(fromReal)
  })

  it('at once: the messages sent before it arrive, then the drop', async () => {
    server.use(
      ws.link('wss://drop.test/').addEventListener('connection', ({ client }) => {
        client.send('a')
        client.send('b')
        fault.drop(client)
        client.send('never delivered')
      }),
    )
    server.listen()
    expect(await events('wss://drop.test/')).toEqual(await events(realUrl))
  })

  it('refuses what is not a connection client, and a bad count, with coded errors', async () => {
    // @ts-expect-error not a client
    expect(() => fault.drop({})).toThrow(expect.objectContaining({ code: 'MOCKLIB_INVALID_ARGUMENT' }))
    const client = { id: 'x', close() {} }
    expect(() => fault.drop(client)).toThrow(/the client of a WebSocket handler's 'connection' event/)
    // Caught in the handler and checked here: a failed expect() inside a listener does not fail the test.
    let badCount: unknown
    server.use(
      ws.link('wss://drop.test/').addEventListener('connection', ({ client }) => {
        try {
          fault.drop(client, -1)
        } catch (error) {
          badCount = error
        }
        client.close()
      }),
    )
    server.listen()
    await events('wss://drop.test/')
    expect(badCount).toMatchObject({ message: expect.stringMatching(/afterMessages must be a whole number/) })
  })
})

describe('graphql-ws retries a dropped connection', () => {
  it('reconnects, subscribes again and gets the rest: the drop was 1006', async () => {
    server.use(
      // The first connection drops after connection_ack and one result.
      ws.link('wss://api.test/graphql').addEventListener('connection', ({ client }) => fault.drop(client, 2), {
        once: true,
      }),
      attemptSubscription(),
    )
    server.listen({ onUnhandledRequest: 'error' })
    const { results, closes } = await subscribeWithRetry('wss://api.test/graphql')
    expect(results).toEqual([{ data: { attempt: 1 } }, { data: { attempt: 2 } }])
    expect(closes[0]).toBe(1006)
  })
})
