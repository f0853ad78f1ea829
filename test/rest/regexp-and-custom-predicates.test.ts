// Predicates other than paths: a RegExp (tested against origin + path) and a custom function
// ({ request, cookies }) => boolean | { matches, params }, sync or async.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { delay, http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

const server = setupServer(http.all('*', () => HttpResponse.json({ matched: false })))

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const json = async (input: string, init?: RequestInit) => (await fetch(input, init)).json()
const matched = (params: unknown) => HttpResponse.json({ matched: true, params })

describe('RegExp predicates', () => {
  it('match the clean URL; capture groups become params "0", "1", ...', async () => {
    server.use(http.get(/\/users\/(\d+)\/posts\/(\d+)$/, ({ params }) => matched(params)))
    expect(await json('https://api.test/users/12/posts/7?expand=1')).toEqual({
      matched: true,
      params: { 0: '12', 1: '7' },
    })
    expect(await json('https://api.test/users/ab/posts/7')).toEqual({ matched: false })
  })

  it('named groups become named params', async () => {
    server.use(http.get(/\/v(?<version>\d+)\/status$/, ({ params }) => matched(params)))
    expect(await json('https://api.test/v2/status')).toEqual({ matched: true, params: { version: '2' } })
  })

  it('do not see the query string', async () => {
    server.use(http.get(/\?token=/, ({ params }) => matched(params)))
    expect(await json('https://api.test/x?token=1')).toEqual({ matched: false })
  })

  it('a global RegExp matches every time (no lastIndex carried between requests)', async () => {
    server.use(http.get(/api\.test\/global/g, () => matched({})))
    for (let index = 0; index < 3; index++) {
      expect(await json('https://api.test/global')).toEqual({ matched: true, params: {} })
    }
  })
})

describe('custom predicate functions', () => {
  it('a sync boolean predicate sees the request and the cookies', async () => {
    const seen: Array<{ url: string; cookies: Record<string, string> }> = []
    server.use(
      http.get(
        ({ request, cookies }) => {
          seen.push({ url: request.url, cookies })
          return cookies.role === 'admin'
        },
        ({ params }) => matched(params),
      ),
    )
    expect(await json('https://api.test/admin', { headers: { cookie: 'role=admin; theme=dark' } })).toEqual({
      matched: true,
      params: {},
    })
    expect(await json('https://api.test/admin', { headers: { cookie: 'role=guest' } })).toEqual({ matched: false })
    expect(seen).toEqual([
      { url: 'https://api.test/admin', cookies: { role: 'admin', theme: 'dark' } },
      { url: 'https://api.test/admin', cookies: { role: 'guest' } },
    ])
  })

  it('an async predicate works the same', async () => {
    server.use(
      http.get(
        async ({ request }) => {
          await delay(1)
          return new URL(request.url).searchParams.get('feature') === 'on'
        },
        () => matched({}),
      ),
    )
    expect(await json('https://api.test/flags?feature=on')).toEqual({ matched: true, params: {} })
    expect(await json('https://api.test/flags?feature=off')).toEqual({ matched: false })
  })

  it('may return { matches, params } to hand params to the resolver', async () => {
    server.use(
      http.get<{ slug: string }>(
        ({ request }) => {
          const slug = /\/blog\/([^/]+)$/.exec(new URL(request.url).pathname)?.[1]
          return slug === undefined ? { matches: false } : { matches: true, params: { slug } }
        },
        ({ params }) => matched(params),
      ),
    )
    expect(await json('https://api.test/blog/hello-world')).toEqual({ matched: true, params: { slug: 'hello-world' } })
    expect(await json('https://api.test/about')).toEqual({ matched: false })
  })

  it('the method is still checked: http.post with a predicate ignores GET', async () => {
    let calls = 0
    server.use(
      http.post(
        () => {
          calls++
          return true
        },
        () => matched({}),
      ),
    )
    expect(await json('https://api.test/anything')).toEqual({ matched: false })
    expect(calls).toBe(0)
    expect(await json('https://api.test/anything', { method: 'POST' })).toEqual({ matched: true, params: {} })
  })

  it('may read the request body without taking it from the resolver or from passthrough', async () => {
    server.use(
      http.post(
        async ({ request }) => ((await request.json()) as { kind: string }).kind === 'special',
        async ({ request }) => HttpResponse.json({ matched: true, params: await request.json() }),
      ),
    )
    const body = JSON.stringify({ kind: 'special' })
    expect(await json('https://api.test/rpc', { method: 'POST', body })).toEqual({
      matched: true,
      params: { kind: 'special' },
    })
    expect(await json('https://api.test/rpc', { method: 'POST', body: JSON.stringify({ kind: 'plain' }) })).toEqual({
      matched: false,
    })
  })

  it('shows as "[custom predicate]" in the handler header', () => {
    expect(
      http.get(
        () => true,
        () => undefined,
      ).info.header,
    ).toBe('GET [custom predicate]')
  })
})
