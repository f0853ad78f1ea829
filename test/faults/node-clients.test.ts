// Each fault a resolver answers with (mocklib's `fault`) fails each Node client exactly as a real
// 127.0.0.1 server failing the same way does: the same error classes, messages, `code`, `errno`
// and `syscall` down the `cause` chain. The real outcomes are taken first, before mocklib listens.
import http from 'node:http'
import type { Socket } from 'node:net'
import axios from 'axios'
import got from 'got'
import * as undici from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fault, http as rest, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import {
  BODY,
  bodyFaults,
  closeLocally,
  deadOrigin as freePort,
  listenLocally,
  NOWHERE,
  unreachableFaults,
  writeBodyHead,
} from '../helpers/local-origins'

type Mode = 'reset' | 'reset-after' | 'truncate'
const MODES: Mode[] = ['reset', 'reset-after', 'truncate']

/** Sockets of the real server whose body is waiting for the client to have the headers before the reset. */
const waiting: Socket[] = []
let arrived: () => void = () => {}
/** Resolves when the next request reached the (real or mocked) server, which then says nothing. */
const nextArrival = () => new Promise<void>((resolve) => (arrived = resolve))

const real = http.createServer((request, response) => {
  const mode = request.url?.slice(1) as Mode | 'hang' | 'stall'
  if (mode === 'reset') return request.socket.resetAndDestroy()
  if (mode === 'hang') return arrived()
  if (mode === 'stall') return writeBodyHead(response, () => arrived())
  writeBodyHead(response, () => {
    if (mode === 'truncate') request.socket.end()
    else waiting.push(request.socket)
  })
})
/** The client has the first bytes: the real server resets now (a reset can overtake unread data). */
const received = () => waiting.shift()?.resetAndDestroy()

const mocked = setupServer(
  ...bodyFaults('http://faults.test'),
  rest.get('http://faults.test/hang', () => {
    arrived()
    return fault.hang()
  }),
  rest.get('http://faults.test/stall', () => {
    arrived()
    return fault.stall(HttpResponse.text(BODY), 10)
  }),
)

interface ErrorLink {
  class: string
  name: string
  message: string
  code?: unknown
  errno?: unknown
  syscall?: unknown
}

/** An error and its causes, as a client's caller sees them. */
function chain(error: unknown): ErrorLink[] {
  const links: ErrorLink[] = []
  for (let current = error; current instanceof Error && links.length < 4; current = current.cause) {
    const { code, errno, syscall } = current as { code?: unknown; errno?: unknown; syscall?: unknown }
    links.push({ class: current.constructor.name, name: current.name, message: current.message, code, errno, syscall })
  }
  return links
}

type Outcome = { body: string } | { failed: string; chain: ErrorLink[] }
type Client = (url: string) => Promise<Outcome>

const fail =
  (failed: string) =>
  (error: unknown): Outcome => ({ failed, chain: chain(error) })

const clients: Record<string, Client> = {
  fetch: (url) =>
    fetch(url).then(
      (response) => (received(), response.text().then((body) => ({ body }), fail('body'))),
      fail('response'),
    ),
  // A Request input goes through the fetch interceptor instead of mocklib's own fetch path.
  'fetch(Request)': (url) =>
    fetch(new Request(url)).then(
      (response) => (received(), response.text().then((body) => ({ body }), fail('body'))),
      fail('response'),
    ),
  'http.get': (url) =>
    new Promise((resolve) => {
      const request = http.get(url, (response) => {
        let body = ''
        response.once('data', received)
        response.on('data', (chunk: Buffer) => (body += chunk.toString()))
        response.on('end', () => resolve({ body }))
        response.on('error', (error) => resolve(fail('response')(error)))
      })
      request.on('error', (error) => resolve(fail('request')(error)))
    }),
  axios: (url) =>
    axios
      .get<string>(url, { responseType: 'text', onDownloadProgress: received })
      .then((response) => ({ body: response.data }), fail('request')),
  got: (url) => {
    const request = got(url, { retry: { limit: 0 } })
    request.on('downloadProgress', ({ transferred }: { transferred: number }) => transferred > 0 && received())
    return request.text().then((body) => ({ body }), fail('request'))
  },
  'undici.request': (url) =>
    undici
      .request(url)
      .then(({ body }) => (received(), body.text().then((text) => ({ body: text }), fail('body'))), fail('response')),
  'undici.fetch': (url) =>
    undici
      .fetch(url)
      .then((response) => (received(), response.text().then((body) => ({ body }), fail('body'))), fail('response')),
}

/** Clients given up on by the caller once the server has the request (hang) or sent the first bytes (stall). */
type AbortableClient = (url: string, giveUp: Promise<void>) => Promise<Outcome>

const abortable: Record<string, AbortableClient> = {
  fetch: async (url, giveUp) => {
    const controller = new AbortController()
    void giveUp.then(() => controller.abort())
    return fetch(url, { signal: controller.signal }).then(
      (response) => response.text().then((body) => ({ body }), fail('body')),
      fail('response'),
    )
  },
  'http.get': (url, giveUp) =>
    new Promise((resolve) => {
      const request = http.get(url, (response) => {
        response.on('end', () => resolve({ body: 'ended' }))
        response.on('error', (error) => resolve(fail('response')(error)))
        response.resume()
      })
      request.on('error', (error) => resolve(fail('request')(error)))
      void giveUp.then(() => request.destroy())
    }),
  axios: (url, giveUp) => {
    const controller = new AbortController()
    void giveUp.then(() => controller.abort())
    return axios
      .get<string>(url, { responseType: 'text', signal: controller.signal })
      .then((response) => ({ body: response.data }), fail('request'))
  },
  got: (url, giveUp) => {
    const controller = new AbortController()
    void giveUp.then(() => controller.abort())
    return got(url, { retry: { limit: 0 }, signal: controller.signal })
      .text()
      .then((body) => ({ body }), fail('request'))
  },
  'undici.request': (url, giveUp) => {
    const controller = new AbortController()
    void giveUp.then(() => controller.abort())
    return undici
      .request(url, { signal: controller.signal })
      .then(({ body }) => body.text().then((text) => ({ body: text }), fail('body')), fail('response'))
  },
  'undici.fetch': async (url, giveUp) => {
    const controller = new AbortController()
    void giveUp.then(() => controller.abort())
    return undici
      .fetch(url, { signal: controller.signal })
      .then((response) => response.text().then((body) => ({ body }), fail('body')), fail('response'))
  },
}

const run = (client: AbortableClient, url: string) => {
  const giveUp = nextArrival()
  return client(url, giveUp)
}

let origin: string
let deadOrigin: string
const expected = new Map<string, Outcome>()
const key = (client: string, mode: string) => `${client} ${mode}`

beforeAll(async () => {
  origin = await listenLocally(real)
  deadOrigin = await freePort()
  for (const [name, client] of Object.entries(clients)) {
    for (const mode of MODES) expected.set(key(name, mode), await client(`${origin}/${mode}`))
    expected.set(key(name, 'refused'), await client(`${deadOrigin}/`))
    expected.set(key(name, 'dns'), await client(NOWHERE))
  }
  for (const [name, client] of Object.entries(abortable)) {
    for (const mode of ['hang', 'stall']) expected.set(key(name, mode), await run(client, `${origin}/${mode}`))
  }
  mocked.listen({ sources: ['interceptors', 'undici'], onUnhandledRequest: 'error' })
  mocked.use(...unreachableFaults(deadOrigin))
})
afterAll(async () => {
  mocked.close()
  await closeLocally(real)
})

describe.each(Object.keys(clients))('%s', (name) => {
  it.each(MODES)('fault %s fails it as a real server doing so', async (mode) => {
    const outcome = await clients[name](`http://faults.test/${mode}`)
    expect(outcome).toHaveProperty('failed')
    expect(outcome).toEqual(expected.get(key(name, mode)))
  })
  it('fault.refused() fails it as a port where nothing listens', async () => {
    const outcome = await clients[name](`${deadOrigin}/`)
    expect(outcome).toHaveProperty('failed')
    expect(outcome).toEqual(expected.get(key(name, 'refused')))
  })
  it('fault.dns() fails it as a host name that does not resolve', async () => {
    const outcome = await clients[name](NOWHERE)
    expect(outcome).toHaveProperty('failed')
    expect(outcome).toEqual(expected.get(key(name, 'dns')))
  })
})

describe.each(Object.keys(abortable))('%s, given up on', (name) => {
  it.each(['hang', 'stall'])('fault %s fails it as a real server doing so', async (mode) => {
    const outcome = await run(abortable[name], `http://faults.test/${mode}`)
    expect(outcome).toHaveProperty('failed')
    expect(outcome).toEqual(expected.get(key(name, mode)))
  })
})
