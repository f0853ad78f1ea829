// incrementalResponse(): a hand-written handler answers @defer/@stream in the format the
// request's Accept names, or with one complete result.
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it } from 'vitest'
import { graphql, HttpResponse, incrementalResponse, type IncrementalPart } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { readMultipartJson } from '../helpers/multipart-reader'
import { LEGACY_ACCEPT, V02_ACCEPT } from './fixtures/hero-api'
import { TypedDocumentString } from '../helpers/typed-document-string'
import { ListPostsDocument, mockListPostsQuery } from '../generated/graphql'

const URI = 'https://hand.test/graphql'
const QUERY = 'query Hero { hero { id ... @defer(label: "HeroName") { name } friends @stream(initialCount: 1) } }'
const PARTS: IncrementalPart[] = [
  { path: ['hero'], label: 'HeroName', data: { name: 'Rey' } },
  { path: ['hero', 'friends'], items: ['Finn'] },
  { path: ['hero', 'friends'], items: ['Poe'] },
]
const server = setupServer(
  graphql
    .link(URI)
    .query('Hero', ({ request }) =>
      incrementalResponse(request, { data: { hero: { id: '7', friends: ['BB-8'] } } }, PARTS),
    ),
)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

async function send(accept: string | null): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (accept !== null) headers.accept = accept
  return fetch(URI, { method: 'POST', headers, body: JSON.stringify({ query: QUERY }) })
}

async function parts(accept: string): Promise<unknown[]> {
  const all: unknown[] = []
  for await (const part of readMultipartJson(await send(accept))) all.push(part)
  return all
}

describe('incrementalResponse()', () => {
  it('deferSpec=20220824: data by path and label, streamed items at their index', async () => {
    expect(await parts(LEGACY_ACCEPT)).toEqual([
      { data: { hero: { id: '7', friends: ['BB-8'] } }, hasNext: true },
      { incremental: [{ data: { name: 'Rey' }, path: ['hero'], label: 'HeroName' }], hasNext: true },
      { incremental: [{ items: ['Finn'], path: ['hero', 'friends', 1] }], hasNext: true },
      { incremental: [{ items: ['Poe'], path: ['hero', 'friends', 2] }], hasNext: false },
    ])
  })

  it('incrementalSpec=v0.2: pending in the first payload, one id per fragment and per stream, completed at its end', async () => {
    expect(await parts(V02_ACCEPT)).toEqual([
      {
        data: { hero: { id: '7', friends: ['BB-8'] } },
        pending: [
          { id: '0', path: ['hero'], label: 'HeroName' },
          { id: '1', path: ['hero', 'friends'] },
        ],
        hasNext: true,
      },
      { incremental: [{ id: '0', data: { name: 'Rey' } }], completed: [{ id: '0' }], hasNext: true },
      { incremental: [{ id: '1', items: ['Finn'] }], hasNext: true },
      { incremental: [{ id: '1', items: ['Poe'] }], completed: [{ id: '1' }], hasNext: false },
    ])
  })

  it('no multipart in Accept: one complete result', async () => {
    const response = await send('application/graphql-response+json')
    expect(response.headers.get('content-type')).toBe('application/graphql-response+json')
    expect(await response.json()).toEqual({
      data: { hero: { id: '7', name: 'Rey', friends: ['BB-8', 'Finn', 'Poe'] } },
    })
  })

  it('a part that failed as a whole: data null with errors, completed with errors in v0.2', async () => {
    const errors = [{ message: 'No name today.', path: ['hero', 'name'] }]
    server.use(
      graphql
        .link(URI)
        .query('Hero', ({ request }) =>
          incrementalResponse(request, { data: { hero: { id: '7' } } }, [
            { path: ['hero'], label: 'HeroName', data: null, errors },
          ]),
        ),
    )
    expect((await parts(LEGACY_ACCEPT))[1]).toEqual({
      incremental: [{ data: null, path: ['hero'], label: 'HeroName', errors }],
      hasNext: false,
    })
    expect((await parts(V02_ACCEPT))[1]).toEqual({ completed: [{ id: '0', errors }], hasNext: false })
    expect(await (await send(null)).json()).toEqual({ data: { hero: { id: '7' } }, errors })
  })

  it('a client that aborts stops waiting for a part that would never come', async () => {
    server.use(
      graphql
        .link(URI)
        .query('Hero', ({ request }) =>
          incrementalResponse(request, { data: { hero: { id: '7' } } }, [
            { path: ['hero'], data: { name: 'Rey' }, until: new Promise(() => {}) },
          ]),
        ),
    )
    const controller = new AbortController()
    const response = await fetch(URI, {
      method: 'POST',
      signal: controller.signal,
      headers: { accept: LEGACY_ACCEPT },
      body: JSON.stringify({ query: QUERY }),
    })
    const parts = readMultipartJson(response)
    expect((await parts.next()).value).toEqual({ data: { hero: { id: '7' } }, hasNext: true })
    controller.abort()
    await expect(parts.next()).rejects.toThrow(/abort/i)
  })

  it('refuses items for a path that is not a list, naming the part', () => {
    const request = new Request(URI, { headers: { accept: LEGACY_ACCEPT } })
    expect(() =>
      incrementalResponse(request, { data: { hero: { id: '1' } } }, [{ path: ['hero', 'friends'], items: ['x'] }]),
    ).toThrow(/part 0 streams items into \["hero","friends"\], which is not a list/)
  })

  it('is typed from a typed document: the initial data must fit the query result', () => {
    type HeroQuery = { hero: { id: string; name?: string } }
    const HeroDocument = new TypedDocumentString<HeroQuery, Record<string, never>>(
      'query Hero { hero { id ... @defer { name } } }',
    )
    graphql.query(HeroDocument, ({ request }) => incrementalResponse(request, { data: { hero: { id: '1' } } }, []))
    // @ts-expect-error: `id` must be a string
    graphql.query(HeroDocument, ({ request }) => incrementalResponse(request, { data: { hero: { id: 1 } } }, []))
    // Documents and factories from GraphQL Code Generator (test/generated/graphql.ts) type it too.
    graphql.query(ListPostsDocument, ({ request }) =>
      incrementalResponse(request, { data: { posts: [{ id: '1', title: 'a' }] } }, []),
    )
    mockListPostsQuery(({ request }) => incrementalResponse(request, { data: { posts: [] } }, []))
    // @ts-expect-error: `title` must be a string
    mockListPostsQuery(({ request }) => incrementalResponse(request, { data: { posts: [{ id: '1', title: 2 }] } }, []))
    expectTypeOf(incrementalResponse<HeroQuery>).returns.toMatchTypeOf<HttpResponse<{ data?: HeroQuery | null }>>()
  })
})
