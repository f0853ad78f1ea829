// Faults a test process's handlers answer an app process's requests with (setupRemoteServer): the
// app's own clients (fetch, node:http) fail as against a real 127.0.0.1 server failing the same
// way, side by side. The app is an Express app spawned with `node`.
import http from 'node:http'
import { fault, HttpResponse, http as rest, sse } from 'mocklib'
import { setupRemoteServer } from 'mocklib/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BODY,
  bodyFaults,
  closeLocally,
  deadOrigin,
  listenLocally,
  NOWHERE,
  writeBodyHead,
} from '../helpers/local-origins'
import { spawnApp, type SpawnedApp } from './spawn-app'

const real = http.createServer((request, response) => {
  const mode = request.url?.slice('/real/'.length)
  if (mode === 'reset') return request.socket.resetAndDestroy()
  // Accepts the request and never answers.
  if (mode === 'hang') return
  writeBodyHead(response, () => {
    if (mode === 'truncate') request.socket.end()
    else if (mode === 'reset-after') request.socket.resetAndDestroy()
  })
})
let realOrigin = ''
/** The Last-Event-ID of each connection to the mocked event stream. */
const lastIds: (string | undefined)[] = []
let dead = ''
let app: SpawnedApp
let remote: ReturnType<typeof setupRemoteServer>

beforeAll(async () => {
  realOrigin = await listenLocally(real)
  dead = await deadOrigin()
  remote = setupRemoteServer(
    ...bodyFaults(`${realOrigin}/mock`),
    rest.get(`${realOrigin}/mock/stall`, () => fault.stall(HttpResponse.text(BODY), 10)),
    rest.get(`${realOrigin}/mock/hang`, () => fault.hang()),
    // One event with the next id, then cut (the first two connections) or ended.
    sse(`${realOrigin}/mock/events`, ({ client, lastEventId }) => {
      lastIds.push(lastEventId)
      const next = Number(lastEventId ?? 0) + 1
      client.send({ retry: 1 })
      client.send({ id: String(next), data: `event ${next}` })
      if (next < 3) queueMicrotask(() => client.error())
      else client.close()
    }),
    sse(
      `${realOrigin}/mock/cut`,
      ({ client }) => {
        client.send({ data: 'before the cut' })
        queueMicrotask(() => client.error())
      },
      { accept: 'any' },
    ),
  )
  await remote.listen()
  app = await spawnApp('express-app.mjs', remote.env())
})
afterAll(async () => {
  await app?.stop()
  await remote?.close()
  await closeLocally(real)
})

/** What the app's client saw of `url`: "answered <status> <body>", or its error down the cause chain. */
async function seen(client: string, url: string, abort?: 'first' | 'timeout'): Promise<string> {
  const query = new URLSearchParams({ url, client, ...(abort ? { abort } : {}) })
  return (await fetch(`${app.origin}/outcome?${query}`)).text()
}

describe.each(['fetch', 'http'])("the app's %s", (client) => {
  it.each(['reset', 'truncate'])('fault %s: as a real server failing that way', async (mode) => {
    const fromReal = await seen(client, `${realOrigin}/real/${mode}`)
    expect(fromReal).not.toMatch(/^answered/)
    expect(await seen(client, `${realOrigin}/mock/${mode}`)).toBe(fromReal)
  })

  it('fault.resetAfter(): the response, then its body fails as after a real reset', async () => {
    // A real reset can overtake the bytes before it: the client reads the reset or the closed socket.
    const pattern = /\((ECONNRESET|UND_ERR_SOCKET)\)/
    expect(await seen(client, `${realOrigin}/real/reset-after`)).toMatch(pattern)
    expect(await seen(client, `${realOrigin}/mock/reset-after`)).toMatch(pattern)
  })

  it('fault.stall(): the first bytes, then nothing until the client gives up', async () => {
    const fromReal = await seen(client, `${realOrigin}/real/stall`, 'first')
    expect(fromReal).toMatch(/abort/i)
    expect(await seen(client, `${realOrigin}/mock/stall`, 'first')).toBe(fromReal)
  })

  it('fault.hang(): nothing until the client gives up (its signal times out), as from a server that never answers', async () => {
    const fromReal = await seen(client, `${realOrigin}/real/hang`, 'timeout')
    expect(fromReal).toMatch(/TimeoutError/)
    expect(await seen(client, `${realOrigin}/mock/hang`, 'timeout')).toBe(fromReal)
  })

  it('fault.refused() and fault.dns(): as an address where nothing listens and a name that does not resolve', async () => {
    // `once`: the first request meets the handler, the second the real network.
    remote.use(
      rest.get(`${dead}/`, () => fault.refused(), { once: true }),
      rest.get(NOWHERE, () => fault.dns(), { once: true }),
    )
    for (const url of [`${dead}/`, NOWHERE]) {
      const fromMock = await seen(client, url)
      expect(fromMock).toMatch(/ECONNREFUSED|ENOTFOUND/)
      expect(fromMock).toBe(await seen(client, url))
    }
  })
})

describe("an event stream the remote's handler breaks off (client.error())", () => {
  it.each(['fetch', 'http'])(
    "fails the app's %s as a reset mid-body does, after the events before it",
    async (client) => {
      const pattern = /\((ECONNRESET|UND_ERR_SOCKET)\)/
      expect(await seen(client, `${realOrigin}/real/reset-after`)).toMatch(pattern)
      // The reset itself, not the socket closed behind it: the cut comes after all the bytes before it.
      expect(await seen(client, `${realOrigin}/mock/cut`)).toMatch(/\(ECONNRESET\)$/)
    },
  )

  it('the app’s `eventsource` reconnects after each cut with the last event id, as in one process', async () => {
    lastIds.length = 0
    const query = new URLSearchParams({ url: `${realOrigin}/mock/events`, until: '3' })
    const events = (await (await fetch(`${app.origin}/events?${query}`)).json()) as string[]
    // What test/faults/sse-cut.test.ts sees from a real server that resets, and in one process.
    expect(events).toEqual(['1: event 1', 'error', '2: event 2', 'error', '3: event 3'])
    expect(lastIds).toEqual([undefined, '1', '2'])
  })
})
