import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { createClient } from 'graphql-ws'
import { ws } from 'mocklib'
import { ControlClient, createMockServer, type MockServer } from 'mocklib/node'
import { createSchemaExecutor } from 'mocklib/schema'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SubscriptionClient } from 'subscriptions-transport-ws'
import WebSocket from 'ws'
import { receiveTwoPosts, TWO_POSTS, type SubscribingClient } from './two-posts'

const run = promisify(execFile)
let server: MockServer | undefined

afterEach(async () => {
  await server?.close()
  server = undefined
})

describe('WebSockets on the mock server', () => {
  it('answers a ws handler to the ws package in another process, relative and absolute links alike', async () => {
    const chat = ws.link('/chat')
    const feed = ws.link('wss://api.example.com/feed')
    server = createMockServer(
      chat.addEventListener('connection', ({ client }) => {
        client.addEventListener('message', (event) => client.send(`echo:${String(event.data)}`))
      }),
      feed.addEventListener('connection', ({ client }) => client.send(`feed at ${client.url.href}`)),
    )
    await server.listen()
    const script = `
const WebSocket = require('ws')
const base = process.argv[1].replace('http', 'ws')
const chat = new WebSocket(base + '/chat')
chat.on('open', () => chat.send('hello'))
chat.on('message', (data) => {
  console.log(String(data))
  chat.close()
  const feed = new WebSocket(base + '/feed')
  feed.on('message', (data) => { console.log(String(data)); feed.close() })
})
`
    const { stdout } = await run(process.execPath, ['-e', script, server.url], { cwd: process.cwd() })
    expect(stdout.trim().split('\n')).toEqual(['echo:hello', 'feed at wss://api.example.com/feed'])
  })

  it('records a connection in the history: its handshake and handler, then each message both ways, binary in base64', async () => {
    server = createMockServer(
      ws.link('/chat').addEventListener('connection', ({ client }) => {
        client.addEventListener('message', (event) => client.send(event.data))
      }),
    )
    await server.listen()
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/chat`)
    const echoes: string[] = []
    await new Promise<void>((resolve, reject) => {
      socket.on('open', () => {
        socket.send('hello')
        socket.send(Buffer.from([1, 2, 3]))
      })
      socket.on('message', (data: Buffer) => {
        echoes.push(data.toString('hex'))
        if (echoes.length === 2) resolve()
      })
      socket.on('error', reject)
    })
    socket.close()
    const control = new ControlClient({ url: server.url, token: server.token })
    const [record] = await control.requests()
    expect(record).toMatchObject({
      method: 'GET',
      url: `${server.url.replace('http', 'ws')}/chat`,
      status: 101,
      handler: 'ws /chat',
    })
    // The handler list counts the connection it took, as it counts answered requests.
    expect((await control.handlers()).map((handler) => [handler.header, handler.calls])).toEqual([['ws /chat', 1]])
    const { frames } = await control.request(record.id)
    // Each direction in order (the echo of the first message may leave before the second arrives).
    const sent = (direction: 'in' | 'out') =>
      frames?.filter((frame) => frame.direction === direction).map(({ data, encoding }) => [data, encoding])
    expect(sent('in')).toEqual([
      ['hello', undefined],
      ['AQID', 'base64'],
    ])
    expect(sent('out')).toEqual(sent('in'))
  })

  it('refuses a handshake no handler takes with a 404 naming the URL', async () => {
    server = createMockServer(ws.link('/chat').addEventListener('connection', () => {}))
    await server.listen()
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/other`)
    const status = await new Promise<number>((resolve) =>
      socket.on('unexpected-response', (_, response) => resolve(response.statusCode!)),
    )
    expect(status).toBe(404)
  })

  it('delivers what a connection listener sent before it closed the client, then the close, as a real server', async () => {
    server = createMockServer(
      ws.link('/once').addEventListener('connection', ({ client }) => {
        client.send('welcome')
        client.send(new Uint8Array([1, 2]))
        client.close(4000, 'one message only')
      }),
    )
    await server.listen()
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/once`)
    const messages: string[] = []
    socket.on('message', (data: Buffer, isBinary: boolean) =>
      messages.push(isBinary ? data.toString('hex') : String(data)),
    )
    const [code, reason] = await new Promise<[number, string]>((resolve, reject) => {
      socket.on('close', (code: number, reason: Buffer) => resolve([code, String(reason)]))
      socket.on('error', reject)
    })
    expect({ messages, code, reason }).toEqual({
      messages: ['welcome', '0102'],
      code: 4000,
      reason: 'one message only',
    })
  })

  it('refuses the handshake (403) when a connection listener throws after closing the client', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
    server = createMockServer(
      ws.link('/broken').addEventListener('connection', ({ client }) => {
        client.close()
        throw new Error('listener broke')
      }),
    )
    await server.listen()
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/broken`)
    const status = await new Promise<number>((resolve) =>
      socket.on('unexpected-response', (_, response) => resolve(response.statusCode!)),
    )
    expect(status).toBe(403)
    expect(printed).toHaveBeenCalled()
    printed.mockRestore()
  })

  it('serves GraphQL subscriptions of the schema executor to graphql-ws over a real socket', async () => {
    const api = createSchemaExecutor<{ postAdded: { id: string; title: string } }>({
      typeDefs: `
        type Post { id: ID!, title: String! }
        type Query { posts: [Post!]! }
        type Subscription { postAdded: Post! }
      `,
    })
    server = createMockServer(api.handler('/graphql'))
    await server.listen()
    const client = createClient({
      url: `${server.url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      lazy: false,
    })
    const received = await receiveTwoPosts(client, api)
    await client.dispose()
    expect(received).toEqual(TWO_POSTS)
  })

  it("serves the schema executor's subscriptions to the legacy SubscriptionClient over a real socket", async () => {
    const api = createSchemaExecutor<{ postAdded: { id: string; title: string } }>({
      typeDefs:
        'type Post { id: ID!, title: String! } type Query { posts: [Post!]! } type Subscription { postAdded: Post! }',
    })
    server = createMockServer(api.handler('/graphql'))
    await server.listen()
    const legacy = new SubscriptionClient(
      `${server.url.replace('http', 'ws')}/graphql`,
      { reconnect: false },
      WebSocket,
    )
    const client: SubscribingClient = { subscribe: (payload, sink) => legacy.request(payload).subscribe(sink) }
    const received = await receiveTwoPosts(client, api)
    legacy.close()
    expect(received).toEqual(TWO_POSTS)
  })
})
