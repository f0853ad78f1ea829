// The request a resolver gets under msw 2.14 and mocklib, per client (fetch, http.request,
// https, axios, got, node-fetch): its URL, method, headers, the fetch init fields a client
// chose (credentials, cache, referrer…), and its body through every reader.
import http from 'node:http'
import https from 'node:https'
import axios from 'axios'
import got from 'got'
import nodeFetch from 'node-fetch'
import { describe, expect, it } from 'vitest'
import { describeError, runBoth, withServer, type Lib } from './harness'

/** The request as a resolver reads it (multipart boundaries are random: left out). */
function describeRequest(request: Request) {
  return {
    url: request.url,
    method: request.method,
    headers: [...request.headers].map(([name, value]) => [name, value.replace(/boundary=.*/, 'boundary=…')]),
    credentials: request.credentials,
    mode: request.mode,
    redirect: request.redirect,
    cache: request.cache,
    keepalive: request.keepalive,
    referrer: request.referrer,
    referrerPolicy: request.referrerPolicy,
    integrity: request.integrity,
    aborted: request.signal.aborted,
    hasBody: request.body !== null,
    isRequest: request instanceof Request,
  }
}

function nodeRequest(
  module: typeof http | typeof https,
  url: string,
  options: http.RequestOptions,
  body?: string | Buffer,
): Promise<string> {
  return new Promise((resolve) => {
    const request = module.request(url, options, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve(`${response.statusCode} ${Buffer.concat(chunks).toString()}`))
    })
    request.on('error', (error) => resolve(`error ${error.message}`))
    if (body !== undefined) request.write(body)
    request.end()
  })
}

/** Runs `send` against one catch-all handler and returns what the client got and what the resolver saw. */
function observe(read: (request: Request) => Promise<unknown>, send: () => Promise<unknown>) {
  return runBoth((lib: Lib) => {
    let seen: unknown = 'resolver not called'
    const handler = lib.http.all('*', async ({ request }) => {
      seen = await read(request)
      return lib.HttpResponse.text('ok')
    })
    return withServer(lib, [handler], {}, async () => ({ client: await send().catch(describeError), seen }))
  })
}

describe('request fields per client', () => {
  const clients: Array<[string, () => Promise<unknown>]> = [
    ['fetch GET with a fragment', () => fetch('http://a.test/x?q=1#h').then((r) => r.text())],
    [
      'fetch with every init field and a string body',
      () =>
        fetch('http://a.test/x', {
          method: 'post',
          body: 'b',
          headers: { 'X-A': '1', Cookie: 'c=1' },
          credentials: 'include',
          mode: 'cors',
          cache: 'no-store',
          redirect: 'manual',
          referrer: 'http://ref.test/page',
          referrerPolicy: 'no-referrer-when-downgrade',
          integrity: 'sha256-abc',
        }).then((r) => r.text()),
    ],
    [
      'fetch with a referrer and no body',
      () => fetch('http://a.test/x', { referrer: 'http://ref.test/', referrerPolicy: 'origin' }).then((r) => r.text()),
    ],
    [
      'fetch(Request)',
      () =>
        fetch(new Request('http://a.test/x', { method: 'PATCH', body: 'z', referrer: 'http://ref.test/' })).then((r) =>
          r.text(),
        ),
    ],
    ['http.request GET', () => nodeRequest(http, 'http://a.test/x?q=1', {})],
    [
      'http.request POST with repeated headers',
      () =>
        nodeRequest(
          http,
          'http://a.test/x',
          { method: 'POST', headers: { 'X-A': ['1', '2'], 'content-type': 'text/plain' } },
          'body',
        ),
    ],
    [
      'http.request with credentials and a port in the URL',
      () => nodeRequest(http, 'http://user:pw@a.test:8080/x', {}),
    ],
    ['https.request', () => nodeRequest(https, 'https://a.test/x', {})],
    ['axios GET', () => axios.get('http://a.test/x', { headers: { 'X-A': '1' } }).then((r) => r.data)],
    ['axios POST JSON', () => axios.post('http://a.test/x', { a: 1 }).then((r) => r.data)],
    ['got POST JSON', () => got.post('http://a.test/x', { json: { a: 1 } }).text()],
    ['node-fetch PUT', () => nodeFetch('http://a.test/x', { method: 'PUT', body: 'x' }).then((r) => r.text())],
  ]

  it.each(clients)('%s', async (_, send) => {
    const { msw, mocklib } = await observe(async (request) => describeRequest(request), send)
    expect(mocklib).toEqual(msw)
  })
})

/** Multipart boundaries are random per request: each becomes "…". */
function withoutBoundaries(text: string): string {
  const boundary = /^--(\S+)\r\n/.exec(text)?.[1]
  return boundary === undefined ? text : text.replaceAll(boundary, '…')
}

type Reader = 'text' | 'json' | 'formData' | 'arrayBuffer' | 'blob'

async function readWith(request: Request, reader: Reader): Promise<unknown> {
  try {
    switch (reader) {
      case 'text':
        return withoutBoundaries(await request.text())
      case 'json':
        return await request.json()
      case 'arrayBuffer':
        return withoutBoundaries(Buffer.from(await request.arrayBuffer()).toString('latin1'))
      case 'blob': {
        const blob = await request.blob()
        return { size: blob.size, type: blob.type.replace(/boundary=.*/, 'boundary=…') }
      }
      case 'formData': {
        const entries: unknown[] = []
        for (const [name, value] of await request.formData()) {
          entries.push([
            name,
            typeof value === 'string' ? value : { name: value.name, type: value.type, text: await value.text() },
          ])
        }
        return entries
      }
    }
  } catch (error) {
    return { threw: (error as Error).constructor.name }
  }
}

describe('request body readers', () => {
  const readers: Reader[] = ['text', 'json', 'formData', 'arrayBuffer', 'blob']
  const form = () => {
    const data = new FormData()
    data.set('a', '1')
    data.set('file', new Blob(['hi'], { type: 'text/plain' }), 'f.txt')
    return data
  }
  const multipart =
    '--XX\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--XX\r\n' +
    'Content-Disposition: form-data; name="f"; filename="f.txt"\r\nContent-Type: text/plain\r\n\r\nhi\r\n--XX--\r\n'
  const bodies: Array<[string, () => Promise<unknown>]> = [
    [
      'fetch JSON',
      () =>
        fetch('http://a.test/x', { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } }),
    ],
    [
      'fetch malformed JSON',
      () =>
        fetch('http://a.test/x', { method: 'POST', body: '{"a":', headers: { 'content-type': 'application/json' } }),
    ],
    [
      'fetch URLSearchParams',
      () => fetch('http://a.test/x', { method: 'POST', body: new URLSearchParams({ a: '1', b: 'x y' }) }),
    ],
    ['fetch FormData', () => fetch('http://a.test/x', { method: 'POST', body: form() })],
    ['fetch empty string', () => fetch('http://a.test/x', { method: 'POST', body: '' })],
    ['fetch GET', () => fetch('http://a.test/x')],
    ['fetch bytes', () => fetch('http://a.test/x', { method: 'PUT', body: new Uint8Array([0, 255, 128]) })],
    [
      'http.request urlencoded',
      () =>
        nodeRequest(
          http,
          'http://a.test/x',
          { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
          'a=1&b=x+y',
        ),
    ],
    [
      'http.request multipart',
      () =>
        nodeRequest(
          http,
          'http://a.test/x',
          { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=XX' } },
          multipart,
        ),
    ],
    ['http.request GET with a body', () => nodeRequest(http, 'http://a.test/x', { method: 'GET' }, 'getbody')],
    ['http.request HEAD with a body', () => nodeRequest(http, 'http://a.test/x', { method: 'HEAD' }, 'headbody')],
    ['http.request POST without a body', () => nodeRequest(http, 'http://a.test/x', { method: 'POST' })],
    ['axios FormData', () => axios.post('http://a.test/x', form())],
  ]

  for (const reader of readers) {
    it.each(bodies)(`%s, read with ${reader}()`, async (_, send) => {
      const { msw, mocklib } = await observe(
        async (request) => ({ body: await readWith(request, reader), bodyUsed: request.bodyUsed }),
        async () => {
          await send()
          return 'sent'
        },
      )
      expect(mocklib).toEqual(msw)
    })
  }
})

describe("the resolver's request is the request of the lifecycle events", () => {
  const sends: Array<[string, () => Promise<unknown>]> = [
    ['fetch GET', () => fetch('http://a.test/x')],
    ['fetch POST with a body', () => fetch('http://a.test/x', { method: 'POST', body: '{"a":1}' })],
    ['http.request POST with a body', () => nodeRequest(http, 'http://a.test/x', { method: 'POST' }, 'a=1')],
  ]
  it.each(sends)(
    '%s: a WeakMap keyed by the request:start request finds it in the predicate and the resolver, and the body reads as sent',
    async (_, send) => {
      const { msw, mocklib } = await runBoth((lib: Lib) => {
        const started = new WeakMap<Request, string>()
        const seen: unknown[] = []
        const handler = lib.http.all(
          ({ request }) => {
            seen.push(started.has(request) ? 'predicate: found' : 'predicate: missed')
            return true
          },
          async ({ request, requestId }) => {
            seen.push(
              started.get(request) === requestId ? 'found' : 'missed',
              request.method === 'GET' ? '' : await request.text(),
            )
            return lib.HttpResponse.text('ok')
          },
        )
        return withServer(lib, [handler], {}, async (server) => {
          const ended = new Promise<void>((resolve) =>
            server.events.on('response:mocked', ({ request, requestId }) => {
              seen.push(started.get(request) === requestId ? 'same at the end' : 'other at the end')
              resolve()
            }),
          )
          server.events.on('request:start', ({ request, requestId }) => void started.set(request, requestId))
          await send()
          await ended
          return seen
        })
      })
      expect(mocklib.slice(0, 2)).toEqual(['predicate: found', 'found'])
      expect(mocklib.at(-1)).toBe('same at the end')
      expect(mocklib).toEqual(msw)
    },
  )
})

describe("the resolver argument's request member", () => {
  const sends: Array<[string, (path: string) => Promise<unknown>]> = [
    ['fetch GET', (path) => fetch(`http://a.test/${path}`)],
    ['fetch POST with a body', (path) => fetch(`http://a.test/${path}`, { method: 'POST', body: path })],
  ]
  it.each(sends)(
    '%s: an own enumerable member each argument reads for its own request (spread, two at once), and can be replaced',
    async (_, send) => {
      const { msw, mocklib } = await runBoth((lib: Lib) => {
        const seen: unknown[] = []
        const handler = lib.http.all('http://a.test/:path', async (args) => {
          const copy = { ...args }
          const own = Object.keys(args).includes('request')
          const url = copy.request.url
          const body = copy.request.method === 'GET' ? '' : await args.request.text()
          const replacement = new Request('http://b.test/replaced')
          args.request = replacement
          seen.push({ own, url, body, replaced: args.request === replacement })
          return lib.HttpResponse.text('ok')
        })
        return withServer(lib, [handler], {}, async () => {
          await Promise.all([send('one'), send('two')])
          return seen.sort((a, b) => String((a as { url: string }).url).localeCompare((b as { url: string }).url))
        })
      })
      expect(mocklib).toMatchObject([
        { own: true, url: 'http://a.test/one', replaced: true },
        { own: true, url: 'http://a.test/two', replaced: true },
      ])
      expect(mocklib).toEqual(msw)
    },
  )
})
