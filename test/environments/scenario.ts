// The environment matrix's one scenario: every HttpResponse static and body kind, built from the
// environment's own globals (Blob, FormData, ReadableStream… as a component test builds them),
// answered to fetch, XMLHttpRequest and axios, plus a GraphQL query through each. Vitest runs it
// in node, jsdom and happy-dom (test/environments/*.test.ts); scripts/suite-environments.mjs runs
// it under vitest with jsdom 22 and under Jest 29 and 30 (jest-environment-jsdom, jest-fixed-jsdom).
import { deepStrictEqual, match } from 'node:assert/strict'
import axios from 'axios'
import { graphql, http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

/** What the scenario needs of a test runner: vitest's and Jest's functions of these names. */
export interface Runner {
  test(name: string, run: () => Promise<void>): void
  beforeAll(run: () => unknown): void
  afterAll(run: () => unknown): void
}

/** What a client received: the status, two headers and the body's bytes; or a network error. */
type Received = { status: number; type: string | null; mark: string | null; body: number[] } | 'network error'

interface Case {
  name: string
  respond: () => Response
  status: number
  /** The Content-Type the client must see (a pattern where the platform adds a boundary). */
  type: string | RegExp | null
  /** The body's bytes, its text, or a pattern its text must match. */
  body: string | number[] | RegExp
}

const BYTES = [0, 1, 127, 128, 255]
const FORM_BODY = /^--[^\r]+\r\nContent-Disposition: form-data; name="field"\r\n\r\nvalue\r\n--[^\r]+--\r\n$/

function form(): FormData {
  const data = new FormData()
  data.append('field', 'value')
  return data
}

function stream(): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode('streamed '))
      controller.enqueue(encoder.encode('body'))
      controller.close()
    },
  })
}

// Every response also carries `x-mark: env`, which each client must see.
const init = (extra: ResponseInit = {}) => ({ ...extra, headers: { 'x-mark': 'env', ...(extra.headers as object) } })

const CASES: Case[] = [
  {
    name: 'HttpResponse.text',
    respond: () => HttpResponse.text('tea', init()),
    status: 200,
    type: 'text/plain',
    body: 'tea',
  },
  {
    name: 'HttpResponse.json',
    respond: () => HttpResponse.json({ a: [1, 'b'] }, init()),
    status: 200,
    type: 'application/json',
    body: '{"a":[1,"b"]}',
  },
  {
    name: 'HttpResponse.xml',
    respond: () => HttpResponse.xml('<a>b</a>', init()),
    status: 200,
    type: 'text/xml',
    body: '<a>b</a>',
  },
  {
    name: 'HttpResponse.html',
    respond: () => HttpResponse.html('<p>hi</p>', init()),
    status: 200,
    type: 'text/html',
    body: '<p>hi</p>',
  },
  {
    name: 'HttpResponse.arrayBuffer',
    respond: () => HttpResponse.arrayBuffer(new Uint8Array(BYTES).buffer, init()),
    status: 200,
    type: 'application/octet-stream',
    body: BYTES,
  },
  {
    name: 'HttpResponse.formData',
    respond: () => HttpResponse.formData(form(), init()),
    status: 200,
    type: /^multipart\/form-data; boundary=/,
    body: FORM_BODY,
  },
  {
    name: 'text without a Content-Type',
    respond: () => new HttpResponse('tea', init({ status: 418 })),
    status: 418,
    type: 'text/plain;charset=UTF-8',
    body: 'tea',
  },
  {
    name: 'an ArrayBuffer',
    respond: () => new HttpResponse(new Uint8Array(BYTES).buffer, init()),
    status: 200,
    type: null,
    body: BYTES,
  },
  {
    name: 'a typed array',
    respond: () => new HttpResponse(new Uint8Array(BYTES), init({ status: 201 })),
    status: 201,
    type: null,
    body: BYTES,
  },
  {
    name: 'a Blob',
    respond: () => new HttpResponse(new Blob(['blob body'], { type: 'text/x-blob' }), init()),
    status: 200,
    type: 'text/x-blob',
    body: 'blob body',
  },
  {
    name: 'a FormData',
    respond: () => new HttpResponse(form(), init()),
    status: 200,
    type: /^multipart\/form-data; boundary=/,
    body: FORM_BODY,
  },
  {
    name: 'a ReadableStream',
    respond: () => new HttpResponse(stream(), init()),
    status: 200,
    type: null,
    body: 'streamed body',
  },
  { name: 'null', respond: () => new HttpResponse(null, init({ status: 202 })), status: 202, type: null, body: '' },
]

/** The page's origin where there is a page (relative URLs and same-origin XHR), else a test host. */
function origin(): string {
  const location = (globalThis as { location?: { origin?: string } }).location
  return location?.origin !== undefined && location.origin !== 'null' ? location.origin : 'http://env.test'
}

const bytesOf = (view: ArrayBuffer | ArrayBufferView): number[] =>
  ArrayBuffer.isView(view)
    ? [...new Uint8Array(view.buffer, view.byteOffset, view.byteLength)]
    : [...new Uint8Array(view)]

interface Sent {
  method: 'GET' | 'POST'
  body?: string
}

async function viaFetch(url: string, sent: Sent): Promise<Received> {
  const headers = sent.body === undefined ? undefined : { 'content-type': 'application/json' }
  let response: Response
  try {
    response = await fetch(url, { method: sent.method, body: sent.body, headers })
  } catch {
    return 'network error'
  }
  const body = bytesOf(await response.arrayBuffer())
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    mark: response.headers.get('x-mark'),
    body,
  }
}

function viaXhr(url: string, sent: Sent): Promise<Received> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest()
    request.responseType = 'arraybuffer'
    request.addEventListener('loadend', () => {
      if (request.status === 0) return resolve('network error')
      const body = request.response === null ? [] : bytesOf(request.response as ArrayBuffer)
      resolve({
        status: request.status,
        type: request.getResponseHeader('content-type'),
        mark: request.getResponseHeader('x-mark'),
        body,
      })
    })
    request.open(sent.method, url)
    if (sent.body !== undefined) request.setRequestHeader('content-type', 'application/json')
    request.send(sent.body ?? null)
  })
}

async function viaAxios(url: string, sent: Sent): Promise<Received> {
  try {
    const headers = sent.body === undefined ? undefined : { 'content-type': 'application/json' }
    const response = await axios.request<ArrayBuffer>({
      url,
      method: sent.method,
      data: sent.body,
      headers,
      responseType: 'arraybuffer',
      validateStatus: () => true,
    })
    const header = (name: string) => (response.headers[name] as string | undefined) ?? null
    return {
      status: response.status,
      type: header('content-type'),
      mark: header('x-mark'),
      body: bytesOf(response.data),
    }
  } catch {
    return 'network error'
  }
}

const CLIENTS: Record<string, (url: string, sent: Sent) => Promise<Received>> = {
  fetch: viaFetch,
  ...(typeof XMLHttpRequest === 'function' ? { XMLHttpRequest: viaXhr } : {}),
  axios: viaAxios,
}

function check(received: Received, expected: Case | 'network error'): void {
  if (expected === 'network error' || received === 'network error') return deepStrictEqual(received, expected)
  deepStrictEqual({ status: received.status, mark: received.mark }, { status: expected.status, mark: 'env' })
  if (expected.type instanceof RegExp) match(received.type ?? '', expected.type)
  else deepStrictEqual(received.type, expected.type)
  const text = new TextDecoder().decode(new Uint8Array(received.body))
  if (expected.body instanceof RegExp) match(text, expected.body)
  else if (typeof expected.body === 'string') deepStrictEqual(text, expected.body)
  else deepStrictEqual(received.body, expected.body)
}

/**
 * Registers the scenario's tests. `environment` is what `navigator.userAgent` must show, so a
 * run proves it is the environment (and version) it is named after.
 */
export function environmentScenario(runner: Runner, environment: RegExp): void {
  const base = `${origin()}/env`
  const handlers = [
    ...CASES.map((entry, index) => http.get(`${base}/${index}`, entry.respond)),
    http.get(`${base}/error`, () => HttpResponse.error()),
    graphql.query('Greeting', ({ variables }) =>
      HttpResponse.json({ data: { greeting: `hello ${String(variables.name)}` } }, init()),
    ),
  ]
  const server = setupServer(...handlers)
  runner.beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  runner.afterAll(() => server.close())

  runner.test(`runs in ${String(environment)}`, async () => {
    // Node 20 has no navigator: it names itself as Node 21+ does.
    const agent = (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent
    match(agent ?? `Node.js/${process.versions.node}`, environment)
  })
  const query = JSON.stringify({
    query: 'query Greeting($name: String!) { greeting(name: $name) }',
    variables: { name: 'Ada' },
  })
  const answer = '{"data":{"greeting":"hello Ada"}}'
  for (const [client, send] of Object.entries(CLIENTS)) {
    for (const [index, entry] of CASES.entries()) {
      runner.test(`${client}: ${entry.name}`, async () =>
        check(await send(`${base}/${index}`, { method: 'GET' }), entry),
      )
    }
    runner.test(`${client}: HttpResponse.error`, async () =>
      check(await send(`${base}/error`, { method: 'GET' }), 'network error'),
    )
    runner.test(`${client}: a GraphQL query`, async () => {
      const expected: Case = {
        name: 'GraphQL',
        respond: () => Response.error(),
        status: 200,
        type: 'application/json',
        body: answer,
      }
      check(await send(`${base}/graphql`, { method: 'POST', body: query }), expected)
    })
  }
}
