// close() puts back exactly what listen() patched (checked by identity), listen() works again
// after close(), and requests made after close() are not intercepted.
import http from 'node:http'
import https from 'node:https'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { http as rest, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { sendWithNodeRequest } from '../helpers/node-request'
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server'

function snapshot() {
  return {
    fetch: globalThis.fetch,
    'http.request': http.request,
    'http.get': http.get,
    'http.ClientRequest': http.ClientRequest,
    'https.request': https.request,
    'https.get': https.get,
    Request: globalThis.Request,
    Response: globalThis.Response,
    Headers: globalThis.Headers,
    'Headers.prototype.set': Headers.prototype.set,
  }
}

function expectRestored(original: ReturnType<typeof snapshot>) {
  for (const [key, value] of Object.entries(snapshot())) expect(value, key).toBe(original[key as keyof typeof original])
}

/** Which answered a fetch and an http.get: a server's name, or 'network' (the real server). */
async function whoAnswers(url: string): Promise<{ fetch: string; http: string }> {
  const viaFetch = await (await fetch(url)).text()
  const viaHttp = (await sendWithNodeRequest(http.request, 'GET', url)).body
  return { fetch: viaFetch || 'network', http: viaHttp || 'network' }
}

/** Every order of closing n servers, as lists of indexes. */
function permutations(n: number): number[][] {
  if (n === 1) return [[0]]
  return permutations(n - 1).flatMap((rest) =>
    Array.from({ length: n }, (_, at) => [...rest.slice(0, at), n - 1, ...rest.slice(at)]),
  )
}

let real: RecordingServer
beforeAll(async () => {
  real = await startRecordingServer()
})
afterAll(() => real.close())

it('listen() patches fetch, http and https; close() restores every one of them by identity', () => {
  const original = snapshot()
  const server = setupServer()
  server.listen()
  const patched = snapshot()
  for (const key of ['fetch', 'http.request', 'http.get', 'https.request', 'https.get'] as const) {
    expect(patched[key], key).not.toBe(original[key])
  }
  server.close()
  expect(snapshot()).toEqual(original)
  for (const [key, value] of Object.entries(snapshot())) expect(value, key).toBe(original[key as keyof typeof original])
})

it('restores exactly after many listen/close cycles', () => {
  const original = snapshot()
  const server = setupServer()
  for (let cycle = 0; cycle < 25; cycle++) {
    server.listen()
    server.close()
  }
  for (const [key, value] of Object.entries(snapshot())) expect(value, key).toBe(original[key as keyof typeof original])
})

it('listen() after close() intercepts again; between the two, requests go to the network untouched', async () => {
  const server = setupServer(rest.get(`${real.origin}/who`, () => HttpResponse.text('mocked')))
  server.listen()
  expect(await (await fetch(`${real.origin}/who`)).text()).toBe('mocked')

  server.close()
  const direct = await fetch(`${real.origin}/who`)
  expect(direct.headers.get('x-received-method')).toBe('GET')
  expect(real.requests).toHaveLength(1)

  server.listen()
  expect(await (await fetch(`${real.origin}/who`)).text()).toBe('mocked')
  server.close()
})

it('a fetch the interceptor answers (a Request input) works in every cycle; close() still restores every global', async () => {
  const original = snapshot()
  const reached = real.requests.length
  const server = setupServer(rest.get(`${real.origin}/who`, () => HttpResponse.text('mocked')))
  for (let cycle = 0; cycle < 3; cycle++) {
    server.listen()
    const wrapper = globalThis.fetch
    expect(await (await fetch(new Request(`${real.origin}/who`))).text()).toBe('mocked')
    // The interceptor taken on that first use sits under mocklib's fetch: the global stays the same.
    expect(globalThis.fetch).toBe(wrapper)
    expect(await (await fetch(`${real.origin}/who`)).text()).toBe('mocked')
    server.close()
    expectRestored(original)
  }
  expect(real.requests).toHaveLength(reached)
})

it('a second close() is harmless', () => {
  const original = snapshot()
  const server = setupServer()
  server.listen()
  server.close()
  expect(() => server.close()).not.toThrow()
  expect(snapshot().fetch).toBe(original.fetch)
})

it('two servers listening one after the other each restore cleanly', () => {
  const original = snapshot()
  const first = setupServer()
  const second = setupServer()
  first.listen()
  first.close()
  second.listen()
  second.close()
  for (const [key, value] of Object.entries(snapshot())) expect(value, key).toBe(original[key as keyof typeof original])
})

it('several servers listening at once: the last one to listen answers, the one before takes over when it closes', async () => {
  const url = `${real.origin}/who`
  const named = (name: string) => setupServer(rest.get(url, () => HttpResponse.text(name)))
  const [a, b, c] = [named('a'), named('b'), named('c')]
  a.listen()
  b.listen()
  expect(await whoAnswers(url)).toEqual({ fetch: 'b', http: 'b' })
  c.listen()
  expect(await whoAnswers(url)).toEqual({ fetch: 'c', http: 'c' })
  b.close()
  expect(await whoAnswers(url)).toEqual({ fetch: 'c', http: 'c' })
  c.close()
  expect(await whoAnswers(url)).toEqual({ fetch: 'a', http: 'a' })
  a.close()
  expect(await whoAnswers(url)).toEqual({ fetch: 'network', http: 'network' })
})

it('any order of closing restores every global once the last server closes, and closed servers never answer', async () => {
  const url = `${real.origin}/who`
  const original = snapshot()
  for (const order of permutations(3)) {
    const answered: string[] = []
    const servers = ['a', 'b', 'c'].map((name) =>
      setupServer(
        rest.get(url, () => {
          answered.push(name)
          return HttpResponse.text(name)
        }),
      ),
    )
    for (const server of servers) server.listen()
    for (const index of order) {
      servers[index].close()
      const open = servers.map((_, i) => i).filter((i) => !order.slice(0, order.indexOf(index) + 1).includes(i))
      const expected = open.length === 0 ? 'network' : 'abc'[open.at(-1)!]
      answered.length = 0
      expect(await whoAnswers(url), `order ${order.join('')}, after closing ${'abc'[index]}`).toEqual({
        fetch: expected,
        http: expected,
      })
      expect(answered.every((name) => name === expected)).toBe(true)
    }
    expectRestored(original)
  }
})

it('after nested servers closed, a new server listens and answers, and closes cleanly', async () => {
  const url = `${real.origin}/who`
  const original = snapshot()
  const outer = setupServer()
  const inner = setupServer()
  outer.listen()
  inner.listen()
  inner.close()
  outer.close()
  const later = setupServer(rest.get(url, () => HttpResponse.text('later')))
  expect(() => later.listen()).not.toThrow()
  expect(await whoAnswers(url)).toEqual({ fetch: 'later', http: 'later' })
  later.close()
  expectRestored(original)
})

it('a closed server emits no events for requests made while another server listens', async () => {
  const url = `${real.origin}/who`
  const closed = setupServer(rest.get(url, () => HttpResponse.text('closed')))
  const seen: string[] = []
  closed.events.on('request:start', () => void seen.push('start'))
  closed.events.on('response:bypass', () => void seen.push('bypass'))
  const other = setupServer()
  closed.listen()
  other.listen({ onUnhandledRequest: 'bypass' })
  closed.close()
  expect(await whoAnswers(url)).toEqual({ fetch: 'network', http: 'network' })
  other.close()
  expect(seen).toEqual([])
})
