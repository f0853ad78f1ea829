// Guarantee: bad input gets a clear error, never a crash or a hang. Wrong predicates throw at
// definition, naming the API and what it accepts; malformed GraphQL requests (invalid JSON, a
// "query" that is not a string, "variables" that are not an object, a huge or deeply nested
// document, broken multipart uploads) are unhandled requests whose message says what is wrong;
// hostile Cookie headers parse without throwing; a resolver that builds a response with an
// invalid header answers 500 naming its handler. (Arrays passed as handler lists and unknown strategies:
// test/runtime/setup-server-input.test.ts.)
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { graphql, http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

describe('predicates that are not predicates', () => {
  it('http handlers name the API and the forms they accept', () => {
    for (const bad of [42, null, undefined, {}, ['/posts'], Symbol('x')]) {
      expect(() => http.get(bad as never, () => undefined)).toThrow(
        /^\[mocklib\] http\.get\(\) needs a path string, a RegExp or a predicate function as its first argument, got /,
      )
    }
    expect(() => http.post('', () => undefined)).toThrow(/\[mocklib\] http\.post\(\) received an empty path/)
  })

  it('the message says what was received, in words', () => {
    const messageFor = (value: unknown) => {
      try {
        http.get(value as never, () => undefined)
      } catch (error) {
        return (error as Error).message
      }
      return ''
    }
    expect(messageFor(undefined)).toMatch(/got undefined\.$/)
    expect(messageFor(null)).toMatch(/got null\.$/)
    expect(messageFor(42)).toMatch(/got number 42\.$/)
    expect(messageFor({})).toMatch(/got a plain object\.$/)
    expect(messageFor([])).toMatch(/got an array \(length 0\)\.$/)
  })

  it('graphql handlers and links name the API and the forms they accept', () => {
    for (const bad of [42, null, undefined, {}]) {
      expect(() => graphql.query(bad as never, () => undefined)).toThrow(
        /^\[mocklib\] graphql\.query\(\) needs an operation name/,
      )
      expect(() => graphql.mutation(bad as never, () => undefined)).toThrow(
        /^\[mocklib\] graphql\.mutation\(\) needs an operation name/,
      )
    }
    expect(() => graphql.query('  ', () => undefined)).toThrow(/received an empty operation name/)
    for (const bad of [42, null, '']) {
      expect(() => graphql.link(bad as never)).toThrow(/^\[mocklib\] graphql\.link\(\) needs the endpoint URL/)
    }
  })

  it('a resolver that is not a function names the handler', () => {
    expect(() => http.get('http://api.test/x', 'nope' as never)).toThrow(
      /"GET http:\/\/api\.test\/x" needs a resolver function/,
    )
  })
})

describe('malformed GraphQL requests', () => {
  const server = setupServer(
    graphql.query('ListPosts', () => HttpResponse.json({ data: { posts: [] } })),
    graphql.link('http://linked.test/graphql').operation(() => HttpResponse.json({ data: { linked: true } })),
  )
  let errors: string[]
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterAll(() => server.close())
  beforeEach(() => {
    errors = []
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args.map(String).join(' ')))
  })
  afterEach(() => vi.restoreAllMocks())

  const json = (body: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  const multipart = (body: string): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'multipart/form-data; boundary=XX' },
    body,
  })
  const part = (name: string, value: string) =>
    `--XX\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
  const upload = 'mutation Upload($file: Upload!) { upload(file: $file) }'

  /** Sends the request; it must be refused as unhandled, and the printed error must say `why`. */
  async function expectUnhandled(url: string, init: RequestInit, why: RegExp | undefined): Promise<void> {
    await expect(fetch(url, init)).rejects.toThrow(/was not sent: no handler matched it/)
    const message = errors.join('\n')
    expect(message).toContain(`no handler matched POST ${url}`)
    if (why !== undefined) expect(message).toMatch(why)
  }

  const cases: Array<[string, RequestInit, RegExp]> = [
    ['invalid JSON', json('{"query": "query ListPosts { posts { id } }",'), /its body is not valid JSON/],
    ['"query" that is not a string', json({ query: 42 }), /its "query" is not a string/],
    [
      'a query with a syntax error',
      json({ query: 'query ListPosts { posts { id }' }),
      /its query is not valid GraphQL: Syntax Error/,
    ],
    [
      'a document nested 50,000 levels deep',
      json({ query: `query Deep ${'{ a '.repeat(50_000)}${'}'.repeat(50_000)}` }),
      /its query is not valid GraphQL/,
    ],
    ['multipart without "operations"', multipart(`${part('map', '{}')}--XX--\r\n`), /no "operations" field/],
    ['multipart with a broken body', multipart('no boundary anywhere'), /multipart body could not be read/],
    [
      'multipart whose map names a missing file',
      multipart(
        `${part('operations', JSON.stringify({ query: upload, variables: { file: null } }))}${part('map', '{"0":["variables.file"]}')}--XX--\r\n`,
      ),
      /names the field "0", which the body does not have/,
    ],
    [
      'multipart whose map path climbs into the prototype',
      multipart(
        `${part('operations', JSON.stringify({ query: upload, variables: { file: null } }))}${part('map', '{"0":["__proto__.polluted"]}')}${part('0', 'bytes')}--XX--\r\n`,
      ),
      /names a key that cannot hold a file/,
    ],
  ]

  for (const [name, init, why] of cases) {
    it(`${name}: unhandled, and at a linked endpoint the message says why`, async () => {
      await expectUnhandled('http://linked.test/graphql', init, why)
      errors = []
      // Anywhere else it may not be GraphQL at all: still a clean unhandled request.
      await expectUnhandled('http://elsewhere.test/graphql', init, undefined)
    })
  }

  it('nothing was polluted by the hostile multipart map', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('a 3 MB document is parsed and answered', async () => {
    const query = `query ListPosts { ${'posts { id title } '.repeat(150_000)}}`
    const response = await fetch('http://elsewhere.test/graphql', json({ query }))
    expect(await response.json()).toEqual({ data: { posts: [] } })
  })
})

describe('hostile cookies and invalid responses', () => {
  const seen: Array<Record<string, string>> = []
  const server = setupServer(
    http.get('http://api.test/cookies', ({ cookies }) => {
      seen.push(cookies)
      return HttpResponse.json(cookies)
    }),
    http.get('http://api.test/bad-header', () =>
      HttpResponse.text('x', { headers: { 'set-cookie': 'a=1\r\nInjected: yes' } }),
    ),
  )
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterAll(() => server.close())
  afterEach(() => vi.restoreAllMocks())

  it('a malformed Cookie header parses what it can and never throws', async () => {
    const header = 'a=%E0%A4%A; =novalue; noequals; b="quoted"; c=1; c=2; __proto__=x; constructor=y; ; d=%41'
    const response = await fetch('http://api.test/cookies', { headers: { cookie: header } })
    expect(response.status).toBe(200)
    const cookies = seen.pop()!
    expect(Object.getPrototypeOf(cookies)).toBe(Object.prototype)
    expect(cookies).toMatchObject({ a: '%E0%A4%A', b: '"quoted"', c: '1', d: 'A', constructor: 'y' })
    expect(await response.json()).toMatchObject({ a: '%E0%A4%A', c: '1' })
  })

  it('a resolver building a response with an invalid header value answers 500 naming the handler', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
    const response = await fetch('http://api.test/bad-header')
    expect(response.status).toBe(500)
    expect(((await response.json()) as { message: string }).message).toMatch(/header/i)
    expect(String(printed.mock.calls.at(-1)?.[0])).toContain('"GET http://api.test/bad-header" threw')
  })
})
