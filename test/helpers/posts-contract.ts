import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { setupServer, type ListenOptions } from 'mocklib/node'
import { createPostsApi, initialPosts } from './posts-api'

export interface ClientResponse {
  status: number
  /** The body as text ('' when there is none). */
  body: string
}

export interface SendOptions {
  /** A JSON body (the client sets Content-Type: application/json). */
  json?: unknown
  /** A `name=value` cookie the request carries. */
  cookie?: string
}

/** One real HTTP client, seen through the few calls the posts API needs. */
export interface PostsClient {
  /** Where the API lives for this client: an origin, or '' for document-relative paths. */
  base: string
  send(method: 'GET' | 'POST' | 'DELETE', url: string, options?: SendOptions): Promise<ClientResponse>
}

/**
 * The posts API end to end through one client: list, create, delete (found and
 * missing) and the session-cookie check. Unhandled requests fail, so nothing leaks out.
 * `listenOptions` choose the sources (the undici suites add `'undici'`).
 */
export function describePostsContract(name: string, client: PostsClient, listenOptions: ListenOptions = {}): void {
  const api = createPostsApi(client.base)
  const server = setupServer(...api.handlers)

  beforeAll(() => server.listen({ onUnhandledRequest: 'error', ...listenOptions }))
  afterEach(() => api.reset())
  afterAll(() => server.close())

  describe(`SPEC 4.1 posts API through ${name}`, () => {
    it('GET /posts answers 200 with the posts as JSON', async () => {
      const response = await client.send('GET', `${client.base}/posts`)
      expect(response.status).toBe(200)
      expect(JSON.parse(response.body)).toEqual(initialPosts)
    })

    it('POST /posts answers 201 with the created post, which GET /posts then lists', async () => {
      const post = { id: '3', title: 'Créé avec ✓' }
      const created = await client.send('POST', `${client.base}/posts`, { json: post })
      expect(created.status).toBe(201)
      expect(JSON.parse(created.body)).toEqual(post)

      const list = await client.send('GET', `${client.base}/posts`)
      expect(JSON.parse(list.body)).toEqual([...initialPosts, post])
    })

    it('DELETE /posts/:id answers 200 with the deleted post and removes it', async () => {
      const deleted = await client.send('DELETE', `${client.base}/posts/1`)
      expect(deleted.status).toBe(200)
      expect(JSON.parse(deleted.body)).toEqual(initialPosts[0])

      const list = await client.send('GET', `${client.base}/posts`)
      expect(JSON.parse(list.body)).toEqual([initialPosts[1]])
    })

    it('DELETE /posts/:id of a missing post answers 404 with no body', async () => {
      const response = await client.send('DELETE', `${client.base}/posts/404`)
      expect(response.status).toBe(404)
      expect(response.body).toBe('')
    })

    it('GET /user without the session cookie answers 401 with no body', async () => {
      const response = await client.send('GET', `${client.base}/user`)
      expect(response.status).toBe(401)
      expect(response.body).toBe('')
    })

    it('GET /user with the session cookie answers 200', async () => {
      const response = await client.send('GET', `${client.base}/user`, { cookie: 'session=abc-123' })
      expect(response.status).toBe(200)
      expect(JSON.parse(response.body)).toEqual({ name: 'Ada', session: 'abc-123' })
    })
  })
}

/** Headers for a request with the given options. */
export function headersFor(options: SendOptions = {}): Record<string, string> {
  const headers: Record<string, string> = {}
  if (options.json !== undefined) headers['content-type'] = 'application/json'
  if (options.cookie !== undefined) headers.cookie = options.cookie
  return headers
}
