import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { createClient } from 'graphql-ws'
import { ws } from 'mocklib'
import { createMockServer, type MockServer } from 'mocklib/node'
import { createSchemaExecutor } from 'mocklib/schema'
import { afterEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'

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

  it('refuses a handshake no handler takes with a 404 naming the URL', async () => {
    server = createMockServer(ws.link('/chat').addEventListener('connection', () => {}))
    await server.listen()
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/other`)
    const status = await new Promise<number>((resolve) =>
      socket.on('unexpected-response', (_, response) => resolve(response.statusCode!)),
    )
    expect(status).toBe(404)
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
    const received: unknown[] = []
    const done = new Promise<void>((resolve, reject) => {
      client.subscribe(
        { query: 'subscription { postAdded { id title } }' },
        {
          next: (value) => {
            received.push(value)
            if (received.length === 2) resolve()
          },
          error: reject,
          complete: resolve,
        },
      )
    })
    await api.subscribed('postAdded')
    api.publish('postAdded', { id: '1', title: 'First' })
    api.publish('postAdded', { id: '2', title: 'Second' })
    await done
    await client.dispose()
    expect(received).toEqual([
      { data: { postAdded: { id: '1', title: 'First' } } },
      { data: { postAdded: { id: '2', title: 'Second' } } },
    ])
  })
})
