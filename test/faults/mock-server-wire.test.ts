// The mock server (createMockServer, behind `mocklib serve`) does each fault to its real socket:
// clients over 127.0.0.1 fail as against a real server failing the same way, side by side.
import http from 'node:http'
import axios from 'axios'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fault, http as rest, HttpResponse } from 'mocklib'
import { createMockServer } from 'mocklib/node'
import { BODY, bodyFaults, closeLocally, listenLocally, writeBodyHead } from '../helpers/local-origins'

let arrived: () => void = () => {}
/** Resolves when the next request reached the (real or mocked) server, which then says nothing more. */
const nextArrival = () => new Promise<void>((resolve) => (arrived = resolve))

const real = http.createServer((request, response) => {
  const mode = request.url?.slice(1)
  if (mode === 'reset') return request.socket.resetAndDestroy()
  if (mode === 'hang') return arrived()
  writeBodyHead(response, () => {
    if (mode === 'truncate') request.socket.end()
    else if (mode === 'reset-after') request.socket.resetAndDestroy()
    else arrived()
  })
})
const mocked = createMockServer(
  ...bodyFaults(''),
  rest.get('/stall', () => {
    arrived()
    return fault.stall(HttpResponse.text(BODY), 10)
  }),
  rest.get('/hang', () => {
    arrived()
    return fault.hang()
  }),
)
let realOrigin = ''
let mockedOrigin = ''

beforeAll(async () => {
  realOrigin = await listenLocally(real)
  mockedOrigin = (await mocked.listen()).url
})
afterAll(async () => {
  await mocked.close()
  await closeLocally(real)
})

/** An error as the comparison sees it: class, message and code down the cause chain. */
function describeError(error: unknown): string {
  const parts: string[] = []
  for (let at = error as { name?: string; message?: string; code?: string; cause?: unknown } | undefined; at;) {
    parts.push(`${at.name}: ${at.message} (${at.code ?? '-'})`)
    at = at.cause as typeof at
  }
  return parts.join(' <- ')
}

const clients = {
  async fetch(url: string, signal?: AbortSignal) {
    const response = await fetch(url, { signal })
    return `${response.status} ${await response.text()}`
  },
  'http.request': (url: string, signal?: AbortSignal) =>
    new Promise<string>((resolve, reject) => {
      const request = http.get(url, { signal }, (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('error', reject)
        response.on('end', () => resolve(`${response.statusCode} ${text}`))
      })
      request.on('error', reject)
    }),
  async axios(url: string, signal?: AbortSignal) {
    const response = await axios.get<string>(url, { signal, responseType: 'text' })
    return `${response.status} ${response.data}`
  },
}

async function outcome(client: keyof typeof clients, origin: string, mode: string, abortOnArrival = false) {
  const controller = new AbortController()
  if (abortOnArrival) void nextArrival().then(() => setImmediate(() => controller.abort()))
  return clients[client](`${origin}/${mode}`, controller.signal).then(
    (value) => `answered ${value}`,
    (error: unknown) => describeError(error),
  )
}

describe.each(Object.keys(clients) as (keyof typeof clients)[])('%s against the mock server', (client) => {
  it.each(['reset', 'truncate'])('fault %s: as a real server failing that way', async (mode) => {
    const fromReal = await outcome(client, realOrigin, mode)
    expect(fromReal).not.toMatch(/^answered/)
    expect(await outcome(client, mockedOrigin, mode)).toBe(fromReal)
  })

  it('fault.resetAfter(): the body fails as a real reset after the first bytes', async () => {
    const fromReal = await outcome(client, realOrigin, 'reset-after')
    const fromMock = await outcome(client, mockedOrigin, 'reset-after')
    // The reset can overtake bytes the client has not read yet, from either server: the client
    // then sees the reset (ECONNRESET) or the closed socket behind it, whichever it reads first.
    for (const seen of [fromReal, fromMock]) expect(seen).toMatch(/\((ECONNRESET|UND_ERR_SOCKET|ERR_BAD_RESPONSE)\)/)
  })

  it.each(['stall', 'hang'])(
    'fault %s: nothing more until the client gives up, as with a real server',
    async (mode) => {
      const fromReal = await outcome(client, realOrigin, mode, true)
      expect(fromReal).toMatch(/abort|cancel/i)
      expect(await outcome(client, mockedOrigin, mode, true)).toBe(fromReal)
    },
  )
})
