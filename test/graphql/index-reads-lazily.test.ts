// Named GraphQL handlers are indexed by operation name, which needs the body: the index must
// read it only for requests that can be GraphQL, only when resolution reaches such a handler.
// Each request below streams its body and ends it only once the response
// has arrived: a body read too early would leave it waiting.
import http from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { graphql, http as rest, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

const named = [
  graphql.query('ListPosts', () => HttpResponse.json({ data: { posts: [] } })),
  graphql.mutation('AddPost', () => HttpResponse.json({ data: { addPost: true } })),
  graphql.query('GetUser', () => HttpResponse.json({ data: { user: null } })),
]
const linked = [
  graphql.link('http://gql.test/graphql').query('ListPosts', () => HttpResponse.json({ data: { posts: [] } })),
  graphql.link('http://gql.test/graphql').mutation('AddPost', () => HttpResponse.json({ data: {} })),
  graphql.link('http://gql.test/graphql').query('GetUser', () => HttpResponse.json({ data: {} })),
]
const upload = rest.post('http://api.test/upload', () => HttpResponse.text('stored'))

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

/** POSTs a body that ends only after the response arrived; resolves to the response text. */
function streamedPost(headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request('http://api.test/upload', { method: 'POST', headers }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.on('end', () => resolve(text))
      request.end('the rest')
    })
    request.on('error', reject)
    request.write('{"first": "part"')
  })
}

describe('a REST upload beside named GraphQL handlers', () => {
  it('handled before the GraphQL handlers: answered before the body ends', async () => {
    server.use(upload, ...named)
    expect(await streamedPost({})).toBe('stored')
  })

  it('handled after them, with a body that cannot be GraphQL: answered before the body ends', async () => {
    server.use(...named, upload)
    expect(await streamedPost({ 'content-type': 'application/octet-stream' })).toBe('stored')
  })

  it('handled after linked GraphQL handlers for another URL: answered before the body ends', async () => {
    server.use(...linked, upload)
    expect(await streamedPost({ 'content-type': 'application/json' })).toBe('stored')
  })

  it('a failing body stream is never read, so it does not turn the answer into a 500', async () => {
    server.use(upload, ...named)
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"first": '))
        controller.error(new Error('the upload broke'))
      },
    })
    const response = await fetch('http://api.test/upload', { method: 'POST', body, duplex: 'half' } as RequestInit)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('stored')
  })
})

describe('GraphQL requests still find their named handler through the index', () => {
  it('after a REST handler for another URL', async () => {
    server.use(upload, ...named)
    const response = await fetch('http://api.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query GetUser { user { id } }' }),
    })
    expect(await response.json()).toEqual({ data: { user: null } })
  })
})
