// onUnhandledRequest 'warn' (the default), 'bypass' and 'error', against a real server on
// 127.0.0.1: what is printed, whether the request goes out, and with what body.
import http from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import axios from 'axios'
import { bypass, http as rest, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server'

let real: RecordingServer
const server = setupServer(rest.get('https://api.test/known', () => HttpResponse.text('known')))

beforeAll(async () => {
  real = await startRecordingServer()
})
afterEach(() => {
  server.close()
  real.requests.length = 0
  vi.restoreAllMocks()
})
afterAll(() => real.close())

function nodeGet(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (body += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
      })
      .on('error', reject)
  })
}

describe("'warn' (the default)", () => {
  it('warns once, naming the request and its body, then performs it with the body intact', async () => {
    server.listen()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const response = await fetch(`${real.origin}/unknown?page=2`, { method: 'POST', body: 'hello body' })
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('hello body')
    expect(real.requests).toHaveLength(1)
    expect(real.requests[0].body.toString()).toBe('hello body')

    expect(warn).toHaveBeenCalledTimes(1)
    const message = String(warn.mock.calls[0][0])
    expect(message).toContain('[mocklib]')
    expect(message).toContain(`POST ${real.origin}/unknown?page=2`)
    expect(message).toContain('hello body')
  })

  it('names the closest handler: one that matches the URL but not the method', async () => {
    server.listen()
    server.use(rest.post(`${real.origin}/thing`, () => HttpResponse.text('posted')))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await fetch(`${real.origin}/thing`)
    const message = String(warn.mock.calls[0][0])
    expect(message).toContain(`The closest handler, "POST ${real.origin}/thing"`)
    expect(message).toContain('did not match: it takes POST requests, this is GET.')
    server.resetHandlers()
  })

  it('stays quiet for common static assets', async () => {
    server.listen()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await fetch(`${real.origin}/static/app.js`)
    expect(warn).not.toHaveBeenCalled()
    expect(real.requests).toHaveLength(1)
  })

  it('passes a ClientRequest-based request through as well', async () => {
    server.listen({ onUnhandledRequest: 'warn' })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(await nodeGet(`${real.origin}/via-http`)).toEqual({ status: 200, body: '' })
    expect(real.requests.map((request) => request.path)).toEqual(['/via-http'])
    expect(warn).toHaveBeenCalledTimes(1)
  })
})

describe("'bypass'", () => {
  it('performs the request silently', async () => {
    server.listen({ onUnhandledRequest: 'bypass' })
    const warn = vi.spyOn(console, 'warn')
    const error = vi.spyOn(console, 'error')
    const response = await fetch(`${real.origin}/silent`, { method: 'PUT', body: 'quiet' })
    expect(await response.text()).toBe('quiet')
    expect(real.requests.map((request) => request.method)).toEqual(['PUT'])
    expect(warn).not.toHaveBeenCalled()
    expect(error).not.toHaveBeenCalled()
  })

  it('does not change how handled requests are answered', async () => {
    server.listen({ onUnhandledRequest: 'bypass' })
    expect(await (await fetch('https://api.test/known')).text()).toBe('known')
  })
})

describe("'error'", () => {
  it('prints an error and fails fetch without sending anything', async () => {
    server.listen({ onUnhandledRequest: 'error' })
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    // As in MSW, fetch rejects with the strategy's error itself, which says why.
    await expect(fetch(`${real.origin}/forbidden`, { method: 'POST', body: 'never sent' })).rejects.toThrow(
      `POST ${real.origin}/forbidden was not sent: no handler matched it and onUnhandledRequest is 'error'`,
    )
    expect(real.requests).toHaveLength(0)
    expect(error).toHaveBeenCalledTimes(1)
    expect(String(error.mock.calls[0][0])).toContain(`POST ${real.origin}/forbidden`)
  })

  it('fails http.get and axios with an error, and nothing reaches the server', async () => {
    server.listen({ onUnhandledRequest: 'error' })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await expect(nodeGet(`${real.origin}/forbidden`)).rejects.toThrow(/onUnhandledRequest is 'error'/)
    await expect(axios.get(`${real.origin}/forbidden`)).rejects.toThrow(/onUnhandledRequest is 'error'/)
    // A request sent after them, past every handler: once the server has answered it, any of the
    // refused requests that had leaked would have reached the server before it.
    await (await fetch(bypass(`${real.origin}/sent-last`))).text()
    expect(real.requests.map((request) => request.path)).toEqual(['/sent-last'])
  })

  it('still answers handled requests', async () => {
    server.listen({ onUnhandledRequest: 'error' })
    expect(await (await fetch('https://api.test/known')).text()).toBe('known')
  })
})

describe('an unknown strategy', () => {
  it('makes listen() throw a clear error and leaves nothing patched', () => {
    const original = globalThis.fetch
    expect(() => server.listen({ onUnhandledRequest: 'ignore' as never })).toThrow(
      /Unknown onUnhandledRequest strategy "ignore".*'warn', 'error', 'bypass' or a function/,
    )
    expect(globalThis.fetch).toBe(original)
    // The failed call did not count: listen() works afterwards.
    server.listen({ onUnhandledRequest: 'bypass' })
    expect(globalThis.fetch).not.toBe(original)
  })
})
