// getResponse(handlers, request): the handler list run directly, with no server, events or
// unhandled-request strategy.
import { describe, expect, it } from 'vitest'
import { getResponse, graphql, http, HttpResponse, isPassthroughResponse, passthrough } from 'mocklib'

describe('getResponse()', () => {
  it('resolves to the response of the first handler that answers', async () => {
    const handlers = [
      http.get('https://api.test/user/:id', () => undefined),
      http.get('https://api.test/user/:id', ({ params }) => HttpResponse.json({ id: params.id })),
      http.get('https://api.test/user/:id', () => HttpResponse.json('never')),
    ]
    const response = await getResponse(handlers, new Request('https://api.test/user/5'))
    expect(response?.status).toBe(200)
    expect(await response?.json()).toEqual({ id: '5' })
  })

  it('resolves to undefined when nothing matches or nothing answers', async () => {
    const handlers = [http.get('https://api.test/a', () => undefined)]
    expect(await getResponse(handlers, new Request('https://api.test/b'))).toBeUndefined()
    expect(await getResponse(handlers, new Request('https://api.test/a'))).toBeUndefined()
    expect(await getResponse([], new Request('https://api.test/a'))).toBeUndefined()
  })

  it('resolves to the passthrough marker when a handler asks for passthrough', async () => {
    const response = await getResponse(
      [http.get('https://api.test/a', () => passthrough())],
      new Request('https://api.test/a'),
    )
    expect(response).toBeInstanceOf(Response)
    expect(isPassthroughResponse(response!)).toBe(true)
  })

  it("rejects with a resolver's error", async () => {
    const handlers = [
      http.get('https://api.test/a', () => {
        throw new Error('resolver failed')
      }),
    ]
    await expect(getResponse(handlers, new Request('https://api.test/a'))).rejects.toThrow('resolver failed')
  })

  it('leaves the request body readable after a handler read it', async () => {
    const request = new Request('https://api.test/echo', { method: 'POST', body: 'payload' })
    const response = await getResponse(
      [http.post('https://api.test/echo', async ({ request }) => HttpResponse.text(await request.text()))],
      request,
    )
    expect(await response?.text()).toBe('payload')
    expect(await request.text()).toBe('payload')
  })

  it('rejects an array passed as one handler with a clear error', async () => {
    const handlers = [http.get('https://api.test/a', () => undefined)]
    await expect(getResponse([handlers] as never, new Request('https://api.test/a'))).rejects.toThrow(
      /Spread it instead/,
    )
  })

  it('answers a HEAD request with the headers and no body, as setupServer does', async () => {
    const handlers = [
      http.all('https://api.test/file', () => HttpResponse.text('contents', { headers: { 'x-kind': 'file' } })),
    ]
    const response = await getResponse(handlers, new Request('https://api.test/file', { method: 'HEAD' }))
    expect(response?.status).toBe(200)
    expect(response?.headers.get('x-kind')).toBe('file')
    expect(response?.body).toBeNull()
  })

  it('answers a GraphQL batch entry by entry, as setupServer does', async () => {
    const handlers = [
      graphql.query('First', () => HttpResponse.json({ data: { first: 1 } })),
      graphql.query('Second', ({ variables }) => HttpResponse.json({ data: { second: variables.n } })),
    ]
    const request = new Request('https://api.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([
        { query: 'query First { first }' },
        { query: 'query Second($n: Int) { second(n: $n) }', variables: { n: 2 } },
      ]),
    })
    const response = await getResponse(handlers, request)
    expect(await response?.json()).toEqual([{ data: { first: 1 } }, { data: { second: 2 } }])
  })

  it("rejects with the error of a batch entry's resolver", async () => {
    const handlers = [
      graphql.query('First', () => {
        throw new Error('entry failed')
      }),
    ]
    const request = new Request('https://api.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ query: 'query First { first }' }, { query: 'query First { first }' }]),
    })
    await expect(getResponse(handlers, request)).rejects.toThrow('entry failed')
  })

  it('answers through the handler index with many handlers, in list order', async () => {
    const handlers = [
      ...Array.from({ length: 10 }, (_, index) =>
        http.get(`https://api.test/r${index}`, () => HttpResponse.text(`r${index}`)),
      ),
      http.get('https://api.test/:any', () => HttpResponse.text('pattern')),
    ]
    expect(await (await getResponse(handlers, new Request('https://api.test/r7')))?.text()).toBe('r7')
    expect(await (await getResponse(handlers, new Request('https://api.test/other')))?.text()).toBe('pattern')
  })
})
