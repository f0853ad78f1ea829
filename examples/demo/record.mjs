// `npm run demo -- --record` and `npm run demo -- --replay`: the demo records its own traffic.
// --record starts a real posts server on 127.0.0.1, runs the app against it, and saves every
// exchange in recordings/demo.har (mocklib/record). --replay runs the same app with no server at
// all: lockdown mode answers each request from the file, and fails any request it lacks.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { buildSchema, graphql } from 'graphql'
import { setupServer } from 'mocklib/node'
import { createRecorder } from 'mocklib/record'
import { createPostsClient } from './posts-client.mjs'

const PORT = Number(process.env.DEMO_PORT ?? 4010)
const API = `http://127.0.0.1:${PORT}`
const FILE = process.env.DEMO_RECORDING ?? new URL('./recordings/demo.har', import.meta.url)
const FILE_NAME = process.env.DEMO_RECORDING ?? 'examples/demo/recordings/demo.har'
const schema = buildSchema(readFileSync(new URL('../../schema/posts.graphql', import.meta.url), 'utf8'))

/** The real backend: the posts API over REST and GraphQL, in memory. */
function startBackend() {
  const posts = new Map([['1', { id: '1', title: 'Hello, recording' }]])
  const root = { posts: () => [...posts.values()] }
  const send = (response, status, body, headers = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', date: new Date().toUTCString(), ...headers })
    response.end(body === undefined ? '' : JSON.stringify(body))
  }
  const server = createServer(async (request, response) => {
    let text = ''
    for await (const chunk of request) text += chunk
    const { pathname } = new URL(request.url, API)
    if (pathname === '/graphql')
      return send(response, 200, await graphql({ schema, source: JSON.parse(text).query, rootValue: root }))
    if (pathname === '/posts' && request.method === 'GET') return send(response, 200, [...posts.values()])
    if (pathname === '/posts' && request.method === 'POST') {
      const post = JSON.parse(text)
      posts.set(post.id, post)
      return send(response, 201, post)
    }
    if (pathname.startsWith('/posts/') && request.method === 'DELETE') {
      const id = decodeURIComponent(pathname.slice('/posts/'.length))
      if (!posts.delete(id)) return send(response, 404, { error: `No post has the id "${id}".` })
      return send(response, 204)
    }
    if (pathname === '/user') {
      const session = /session=([^;]+)/.exec(request.headers.cookie ?? '')?.[1]
      if (session === undefined) return send(response, 401, { error: 'Not signed in.' })
      return send(response, 200, { name: 'Ada' }, { 'set-cookie': `session=${session}-renewed; Path=/; HttpOnly` })
    }
    send(response, 404, { error: `No route for ${request.method} ${pathname}.` })
  })
  return new Promise((resolve) => server.listen(PORT, '127.0.0.1', () => resolve(server)))
}

async function steps() {
  const app = createPostsClient(API)
  const signedIn = createPostsClient(API, { session: 'demo-session' })
  const listViaGraphQL = async () => {
    const response = await fetch(`${API}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ posts { id title } }' }),
    })
    return { status: response.status, data: await response.json() }
  }
  return [
    ['listPosts()', () => app.listPosts()],
    ["createPost({ id: '2', title: 'Recorded post' })", () => app.createPost({ id: '2', title: 'Recorded post' })],
    ['listPosts() again: the same request, a new answer', () => app.listPosts()],
    ['GraphQL { posts { id title } }', listViaGraphQL],
    ["deletePost('2')", () => app.deletePost('2')],
    ["deletePost('2') again", () => app.deletePost('2')],
    ['getUser() without a session cookie', () => app.getUser()],
    ['getUser() with a session cookie (the cookie is redacted in the file)', () => signedIn.getUser()],
  ]
}

export async function run(mode) {
  const recording = mode === 'record'
  console.log(
    recording
      ? `Record: the app talks to a real server at ${API}; mocklib records every exchange.`
      : `Replay: no server runs at ${API}; mocklib answers from the recording (lockdown).`,
  )
  const backend = recording ? await startBackend() : undefined
  const recorder = createRecorder({ file: FILE, mode: recording ? 'record' : 'lockdown' })
  const server = setupServer(recorder.handler)
  server.listen({ onUnhandledRequest: 'error' })
  try {
    for (const [label, step] of await steps()) {
      const result = await step()
      console.log(`  ${label}\n    = status ${result.status}, data ${JSON.stringify(result.data)}`)
    }
    await recorder.save()
  } finally {
    server.close()
    backend?.close()
  }
  const entries = recorder.toHar().log.entries.length
  console.log(
    recording
      ? `Recorded ${entries} exchanges into ${FILE_NAME}.`
      : `Replayed from ${FILE_NAME} (${entries} recorded exchanges); no request reached the network.`,
  )
}
