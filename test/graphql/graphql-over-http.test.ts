import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { graphql, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

const URI = 'https://api.test/graphql'
const server = setupServer(
  graphql.query('Echo', ({ query, variables, operationName, operationType, extensions, request }) =>
    HttpResponse.json({
      data: { echo: { query, variables, operationName, operationType, extensions, method: request.method } },
    }),
  ),
  graphql.mutation('Rename', ({ variables }) => HttpResponse.json({ data: { rename: variables.name } })),
)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const postJson = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(URI, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })

describe('GET', () => {
  it('reads query, variables, operationName and extensions from the query string', async () => {
    const url = new URL(URI)
    url.searchParams.set('query', 'query Echo($n: Int) { echo(n: $n) }')
    url.searchParams.set('variables', JSON.stringify({ n: 1 }))
    url.searchParams.set('operationName', 'Echo')
    url.searchParams.set('extensions', JSON.stringify({ trace: true }))
    const response = await fetch(url)
    expect((await response.json()).data.echo).toEqual({
      query: 'query Echo($n: Int) { echo(n: $n) }',
      variables: { n: 1 },
      operationName: 'Echo',
      operationType: 'query',
      extensions: { trace: true },
      method: 'GET',
    })
  })

  it('refuses a mutation sent with GET: 405, Allow: POST and a GraphQL error body, resolver not run', async () => {
    let ran = false
    server.use(graphql.mutation('Rename', () => ((ran = true), HttpResponse.json({ data: {} }))))
    const url = new URL(URI)
    url.searchParams.set('query', 'mutation Rename { rename(name: "x") }')
    const response = await fetch(url)
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('POST')
    const body = await response.json()
    expect(body.errors[0].message).toMatch(/GET/)
    expect(body.errors[0].message).toContain('Rename')
    expect(ran).toBe(false)
  })

  it('does not use up a once handler when it refuses a GET mutation', async () => {
    server.use(graphql.mutation('Rename', () => HttpResponse.json({ data: { rename: 'once' } }), { once: true }))
    const url = new URL(URI)
    url.searchParams.set('query', 'mutation Rename { rename }')
    expect((await fetch(url)).status).toBe(405)
    const posted = await postJson({ query: 'mutation Rename { rename }' })
    expect((await posted.json()).data.rename).toBe('once')
  })
})

describe('POST', () => {
  it('uses the operationName of the request to pick the operation of a multi-operation document', async () => {
    const query = 'mutation Rename { rename } query Echo { echo }'
    const response = await postJson({ query, operationName: 'Echo' })
    const { data } = await response.json()
    expect(data.echo.operationName).toBe('Echo')
    expect(data.echo.operationType).toBe('query')
  })

  it('gives {} for missing variables and extensions', async () => {
    const { data } = await (await postJson({ query: 'query Echo { echo }' })).json()
    expect(data.echo.variables).toEqual({})
    expect(data.echo.extensions).toEqual({})
  })

  it('reads an application/graphql body (the raw document)', async () => {
    const response = await fetch(URI, {
      method: 'POST',
      headers: { 'content-type': 'application/graphql' },
      body: 'query Echo { echo }',
    })
    expect((await response.json()).data.echo.operationName).toBe('Echo')
  })

  it('leaves the request body unread for a passthrough', async () => {
    let body = ''
    server.use(
      graphql.query('Echo', async ({ request }) => {
        body = await request.text()
        return undefined
      }),
    )
    const response = await postJson({ query: 'query Echo { echo }' })
    expect(body).toBe(JSON.stringify({ query: 'query Echo { echo }' }))
    expect((await response.json()).data.echo.method).toBe('POST')
  })
})

describe('content negotiation', () => {
  it('answers application/graphql-response+json when Accept prefers it', async () => {
    const response = await postJson(
      { query: 'query Echo { echo }' },
      { accept: 'application/graphql-response+json, application/json;q=0.9' },
    )
    expect(response.headers.get('content-type')).toBe('application/graphql-response+json')
  })

  it('answers application/json when Accept prefers it, lists only it, or is absent', async () => {
    for (const accept of [
      'application/json, application/graphql-response+json;q=0.5',
      'application/json',
      '*/*',
      undefined,
    ]) {
      const response = await postJson({ query: 'query Echo { echo }' }, accept === undefined ? {} : { accept })
      expect(response.headers.get('content-type'), String(accept)).toBe('application/json')
    }
  })

  it('keeps a content type the resolver chose', async () => {
    server.use(
      graphql.query('Echo', () =>
        HttpResponse.json({ data: {} }, { headers: { 'content-type': 'application/vnd.custom+json' } }),
      ),
    )
    const response = await postJson({ query: 'query Echo { echo }' }, { accept: 'application/graphql-response+json' })
    expect(response.headers.get('content-type')).toBe('application/vnd.custom+json')
  })

  it('negotiates every response of a generator resolver', async () => {
    server.use(
      graphql.query('Echo', function* () {
        yield HttpResponse.json({ data: { n: 1 } })
        return HttpResponse.json({ data: { n: 2 } })
      }),
    )
    for (const n of [1, 2]) {
      const response = await postJson({ query: 'query Echo { echo }' }, { accept: 'application/graphql-response+json' })
      expect(response.headers.get('content-type')).toBe('application/graphql-response+json')
      expect((await response.json()).data.n).toBe(n)
    }
  })
})

describe('multipart uploads (GraphQL multipart request spec)', () => {
  it('puts the files into variables as Files, byte for byte (binary included)', async () => {
    const bytes = new Uint8Array(256 * 4)
    for (let index = 0; index < bytes.length; index++) bytes[index] = index % 256
    let received: { name: string; type: string; bytes: number[] }[] = []
    server.use(
      graphql.mutation('Upload', async ({ variables }) => {
        const files = [variables.file, ...(variables.more as unknown[])] as File[]
        received = await Promise.all(
          files.map(async (file) => ({
            name: file.name,
            type: file.type,
            bytes: [...new Uint8Array(await file.arrayBuffer())],
          })),
        )
        return HttpResponse.json({ data: { upload: files.map((file) => file.size) } })
      }),
    )
    const form = new FormData()
    form.set(
      'operations',
      JSON.stringify({
        query: 'mutation Upload($file: Upload!, $more: [Upload!]!) { upload(file: $file, more: $more) }',
        variables: { file: null, more: [null, null] },
      }),
    )
    form.set('map', JSON.stringify({ 0: ['variables.file'], 1: ['variables.more.0'], 2: ['variables.more.1'] }))
    form.set('0', new File([bytes], 'all-bytes.bin', { type: 'application/octet-stream' }))
    form.set('1', new File([new Uint8Array([255, 0, 128, 65])], 'tiny.bin'))
    form.set('2', new File(['héllo ✓'], 'text.txt', { type: 'text/plain' }))
    const response = await fetch(URI, { method: 'POST', body: form })
    expect((await response.json()).data.upload).toEqual([1024, 4, 10])
    expect(received[0]).toEqual({ name: 'all-bytes.bin', type: 'application/octet-stream', bytes: [...bytes] })
    expect(received[1].bytes).toEqual([255, 0, 128, 65])
    expect(new TextDecoder().decode(new Uint8Array(received[2].bytes))).toBe('héllo ✓')
  })
})
