// Every handler that chooses its answer by the Accept header reads it the same way
// (runtime/media-ranges.ts): media types in any case, parameters allowed, and a type listed
// with q=0 refused rather than asked for.
import { graphql, http, HttpResponse, sse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

const STREAM_URL = 'https://api.test/events'
const GRAPHQL_URL = 'https://api.test/graphql'
const api = graphql.link(GRAPHQL_URL)
const server = setupServer(
  sse(STREAM_URL, ({ client }) => {
    client.send({ data: 'streamed' })
    client.close()
  }),
  http.get(STREAM_URL, () => HttpResponse.json({ plain: true })),
  api.subscription('OnTick', ({ subscription }) => {
    subscription.publish({ data: { n: 1 } })
    subscription.complete()
  }),
  api.query('Me', () => HttpResponse.json({ data: { me: 'ada' } })),
  http.post(GRAPHQL_URL, () => HttpResponse.text('not a subscription stream')),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

async function get(accept: string): Promise<{ type: string | null; body: string }> {
  const response = await fetch(STREAM_URL, { headers: { accept } })
  return { type: response.headers.get('content-type'), body: await response.text() }
}

async function post(query: string, accept: string): Promise<{ type: string | null; body: string }> {
  const response = await fetch(GRAPHQL_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept },
    body: JSON.stringify({ query }),
  })
  return { type: response.headers.get('content-type'), body: await response.text() }
}

describe('sse() takes requests whose Accept header asks for an event stream', () => {
  it('in any case, with parameters and a quality above 0', async () => {
    expect(await get('TEXT/EVENT-STREAM')).toEqual({ type: 'text/event-stream', body: 'data:streamed\n\n' })
    expect(await get('application/json, Text/Event-Stream ; charset=utf-8 ; q=0.5')).toEqual({
      type: 'text/event-stream',
      body: 'data:streamed\n\n',
    })
  })

  it('not when text/event-stream is listed with q=0: the next handler answers', async () => {
    expect(await get('text/event-stream;q=0, application/json')).toEqual({
      type: 'application/json',
      body: '{"plain":true}',
    })
    expect(await get('text/event-stream; q=0.0')).toEqual({ type: 'application/json', body: '{"plain":true}' })
  })
})

describe('graphql.subscription() over HTTP chooses its transport by the Accept header', () => {
  const subscription = 'subscription OnTick { n }'
  const sseBody = 'event:next\ndata:{"data":{"n":1}}\n\nevent:complete\ndata:\n\n'

  it('GraphQL over SSE for TEXT/EVENT-STREAM, not for text/event-stream;q=0', async () => {
    expect(await post(subscription, 'TEXT/EVENT-STREAM')).toEqual({ type: 'text/event-stream', body: sseBody })
    expect(await post(subscription, 'text/event-stream;q=0, application/json')).toEqual({
      type: 'text/plain',
      body: 'not a subscription stream',
    })
  })

  it('multipart for MULTIPART/MIXED with a subscription spec in any case, not when it is listed with q=0', async () => {
    const multipart = await post(subscription, 'MULTIPART/MIXED; SUBSCRIPTIONSPEC="1.0", application/json')
    expect(multipart.type).toBe('multipart/mixed; boundary="-"; subscriptionSpec="1.0"')
    expect(multipart.body).toContain('{"payload":{"data":{"n":1}}}')
    expect(await post(subscription, 'multipart/mixed;subscriptionSpec=1.0;q=0, application/json')).toEqual({
      type: 'text/plain',
      body: 'not a subscription stream',
    })
  })
})

describe('a GraphQL query is answered as an event stream when the client takes no JSON', () => {
  it('JSON listed with q=0 is refused: the result arrives as next, then complete', async () => {
    const json = '{"data":{"me":"ada"}}'
    expect(await post('query Me { me }', 'text/event-stream, application/json;q=0, */*;q=0')).toEqual({
      type: 'text/event-stream',
      body: `event:next\ndata:${json}\n\nevent:complete\ndata:\n\n`,
    })
    expect(await post('query Me { me }', 'text/event-stream;q=0, application/json')).toEqual({
      type: 'application/json',
      body: json,
    })
  })
})
