import { createHash, randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { buildSchema, graphql } from 'graphql'
import { startRecordingServer, type RecordedRequest, type RecordingServer } from '../helpers/recording-server'

/** The posts schema of schema/posts.graphql, the one the demo and the examples use. */
export const POSTS_SDL = readFileSync(new URL('../../schema/posts.graphql', import.meta.url), 'utf8')

export interface LiveApi extends RecordingServer {
  readonly graphqlUrl: string
}

/**
 * A real HTTP + GraphQL server on 127.0.0.1, for recording: REST routes whose answers carry
 * volatile headers (date, x-request-id) and secrets (a session cookie, a token), a counter that
 * answers differently each time, a binary body, and a GraphQL endpoint (single operations,
 * batches, automatic persisted queries).
 */
export async function startLiveApi(): Promise<LiveApi> {
  const schema = buildSchema(POSTS_SDL)
  const posts = [
    { id: '1', title: 'Hello' },
    { id: '2', title: 'World' },
  ]
  const root = {
    posts: () => posts,
    createPost: ({ post }: { post: { id?: string; title: string } }) => {
      const created = { id: post.id ?? String(posts.length + 1), title: post.title }
      posts.push(created)
      return created
    },
    deletePost: ({ id }: { id: string }) => {
      const index = posts.findIndex((post) => post.id === id)
      if (index === -1) throw new Error(`No post with id "${id}"`)
      return posts.splice(index, 1)[0]
    },
  }
  const persisted = new Map<string, string>()
  let counter = 0

  async function runOperation(params: Record<string, unknown>): Promise<unknown> {
    const hash = (params.extensions as { persistedQuery?: { sha256Hash?: string } } | undefined)?.persistedQuery
      ?.sha256Hash
    let query = params.query as string | undefined
    if (query === undefined && hash !== undefined) query = persisted.get(hash)
    if (query === undefined)
      return { errors: [{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }] }
    if (hash !== undefined && createHash('sha256').update(query).digest('hex') === hash) persisted.set(hash, query)
    const variables = typeof params.variables === 'string' ? JSON.parse(params.variables) : params.variables
    return graphql({
      schema,
      source: query,
      rootValue: root,
      variableValues: variables as Record<string, unknown>,
      operationName: params.operationName as string,
    })
  }

  async function answerGraphQL(request: RecordedRequest): Promise<string> {
    const url = new URL(request.path, 'http://x')
    const body: unknown =
      request.method === 'GET' ? Object.fromEntries(url.searchParams) : JSON.parse(request.body.toString())
    if (request.method === 'GET' && typeof (body as { extensions?: unknown }).extensions === 'string') {
      ;(body as { extensions: unknown }).extensions = JSON.parse((body as { extensions: string }).extensions)
    }
    if (Array.isArray(body)) return JSON.stringify(await Promise.all(body.map(runOperation)))
    return JSON.stringify(await runOperation(body as Record<string, unknown>))
  }

  const server = await startRecordingServer((request, response) => {
    const path = new URL(request.path, 'http://x').pathname
    const volatile = { 'x-request-id': randomUUID() }
    const json = (status: number, body: string, headers: Record<string, string | string[]> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...volatile, ...headers })
      response.end(body)
    }
    if (path === '/graphql') {
      answerGraphQL(request).then(
        (text) => json(200, text),
        (error: Error) => json(400, JSON.stringify({ errors: [{ message: error.message }] })),
      )
    } else if (path === '/posts' && request.method === 'GET') {
      json(200, JSON.stringify(posts, null, 2))
    } else if (path === '/login' && request.method === 'POST') {
      const { user } = JSON.parse(request.body.toString()) as { user: string }
      json(200, JSON.stringify({ user, token: `tok-${user}-server-secret` }), {
        'set-cookie': [`session=sess-${user}-cookie-secret; Path=/; HttpOnly`, 'theme=dark; Path=/'],
      })
    } else if (path === '/counter') {
      json(200, JSON.stringify({ count: ++counter }))
    } else if (path === '/events') {
      // An event stream that stays open until the client leaves.
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' })
      response.write('data: one\n\n')
    } else if (path === '/image.bin') {
      response.writeHead(200, { 'content-type': 'application/octet-stream' })
      response.end(Buffer.from(Array.from({ length: 256 }, (_, index) => index)))
    } else {
      json(404, JSON.stringify({ error: `no route ${request.method} ${path}` }))
    }
  })
  return Object.assign(server, { graphqlUrl: `${server.origin}/graphql` })
}
