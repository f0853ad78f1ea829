// @vitest-environment jsdom
// mocklib/native: React Native's setupServer (MSW's msw/native). The app's fetch and
// XMLHttpRequest are patched in place; jsdom stands in for React Native's XMLHttpRequest.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/native'
import { startRecordingServer, type RecordingServer } from '../../helpers/recording-server'

const server = setupServer(
  http.get('http://localhost:3001/resource', () =>
    HttpResponse.json(
      { firstName: 'John', age: 32 },
      { status: 401, statusText: 'Unauthorized', headers: { 'X-Header': 'yes' } },
    ),
  ),
  http.post(
    'http://localhost:3001/echo',
    async ({ request }) =>
      new HttpResponse(await request.arrayBuffer(), { headers: { 'content-type': 'application/octet-stream' } }),
  ),
)
let real: RecordingServer

beforeAll(async () => {
  real = await startRecordingServer()
  server.listen({ onUnhandledRequest: 'error' })
})
afterEach(() => {
  server.resetHandlers()
  vi.restoreAllMocks()
})
afterAll(async () => {
  server.close()
  await real.close()
})

interface XhrResult {
  status: number
  statusText: string
  headers: string
  body: string
}

function xhr(method: string, url: string): Promise<XhrResult> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open(method, url)
    request.onload = () =>
      resolve({
        status: request.status,
        statusText: request.statusText,
        headers: request.getAllResponseHeaders(),
        body: request.responseText,
      })
    request.onerror = () => reject(new Error(`${method} ${url}: network error`))
    request.send()
  })
}

describe('mocked answers', () => {
  it('XMLHttpRequest gets the mocked status, headers and body', async () => {
    const result = await xhr('GET', 'http://localhost:3001/resource')
    expect(result).toMatchObject({ status: 401, statusText: 'Unauthorized' })
    expect(result.headers).toMatch(/^content-type: application\/json/m)
    expect(result.headers).toMatch(/^x-header: yes/m)
    expect(JSON.parse(result.body)).toEqual({ firstName: 'John', age: 32 })
  })

  it('fetch is mocked too, request bodies byte for byte', async () => {
    const bytes = Uint8Array.from({ length: 70_000 }, (_, index) => (index * 7) % 256)
    const response = await fetch('http://localhost:3001/echo', { method: 'POST', body: bytes })
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes)
  })

  it('use(), { once: true }, resetHandlers() and listHandlers() work as on mocklib/node', async () => {
    server.use(http.get('http://localhost:3001/resource', () => HttpResponse.text('once'), { once: true }))
    expect(server.listHandlers()).toHaveLength(3)
    expect((await xhr('GET', 'http://localhost:3001/resource')).body).toBe('once')
    expect((await xhr('GET', 'http://localhost:3001/resource')).status).toBe(401)
    server.resetHandlers()
    expect(server.listHandlers().map((handler) => handler.info.header)).toEqual([
      'GET http://localhost:3001/resource',
      'POST http://localhost:3001/echo',
    ])
  })

  it('a throwing resolver answers 500 instead of leaving the request waiting, and says which handler threw', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(
      http.get('http://localhost:3001/resource', () => {
        throw new Error('resolver broke')
      }),
    )
    const result = await xhr('GET', 'http://localhost:3001/resource')
    expect(result.status).toBe(500)
    expect(result.body).toContain('resolver broke')
    expect(String(error.mock.calls[0]?.[0])).toContain('The handler "GET http://localhost:3001/resource" threw')
  })
})

describe('life-cycle events', () => {
  it('a mocked request emits start, match, the mocked response and end, in order', async () => {
    const seen: string[] = []
    const mocked = new Promise<string>((resolve) => {
      server.events.on('response:mocked', async ({ response }) => resolve(await response.text()))
    })
    const ended = new Promise<void>((resolve) => server.events.on('request:end', () => resolve()))
    for (const name of ['request:start', 'request:match', 'response:mocked', 'request:end'] as const) {
      server.events.on(name, ({ request }) => seen.push(`${name} ${request.method} ${request.url}`))
    }
    await fetch('http://localhost:3001/resource')
    expect(JSON.parse(await mocked)).toEqual({ firstName: 'John', age: 32 })
    await ended
    expect(seen).toEqual([
      'request:start GET http://localhost:3001/resource',
      'request:match GET http://localhost:3001/resource',
      'request:end GET http://localhost:3001/resource',
      'response:mocked GET http://localhost:3001/resource',
    ])
    server.events.removeAllListeners()
  })
})

describe('unhandled requests', () => {
  it("'error' fails the request and names it", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    await expect(fetch('http://localhost:3001/missing')).rejects.toThrow(TypeError)
    expect(String(error.mock.calls[0]?.[0])).toContain('GET http://localhost:3001/missing')
  })

  it('a request a handler lets through reaches the real server, and response:bypass sees its answer', async () => {
    server.use(http.post(`${real.origin}/real`, () => undefined))
    const bypassed = new Promise<number>((resolve) =>
      server.events.on('response:bypass', ({ response }) => resolve(response.status)),
    )
    const response = await fetch(`${real.origin}/real`, { method: 'POST', body: 'to the network' })
    expect(await response.text()).toBe('to the network')
    expect(await bypassed).toBe(200)
    expect(real.requests.at(-1)?.body.toString()).toBe('to the network')
    server.events.removeAllListeners()
  })
})

describe('listen() and close()', () => {
  it('close() restores fetch and XMLHttpRequest; listen() again patches them again', async () => {
    const patchedFetch = globalThis.fetch
    server.close()
    expect(globalThis.fetch).not.toBe(patchedFetch)
    const response = await fetch(`${real.origin}/after-close`, { method: 'POST', body: 'real' })
    expect(response.headers.get('x-received-method')).toBe('POST')
    server.close()
    server.listen({ onUnhandledRequest: 'error' })
    expect((await xhr('GET', 'http://localhost:3001/resource')).status).toBe(401)
  })

  it('listen() twice throws and says what to do', () => {
    expect(() => server.listen()).toThrow(/already listening.*server\.close\(\) first/)
  })
})
