// The dispatcher source installs undici's global dispatcher while a server listens and puts the
// previous one back by identity, in any order of servers; a global fetch is answered once when
// the fetch interceptor is on too; passthrough reaches a real server on 127.0.0.1 exactly once.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { getGlobalDispatcher, request } from 'undici'
import { getGlobalDispatcher as getGlobalDispatcher6 } from 'undici6'
import { http, HttpResponse, passthrough } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { startRecordingServer, type RecordingServer } from '../../helpers/recording-server'

const both = { sources: ['interceptors', 'undici'] } as const
const LEGACY = Symbol.for('undici.globalDispatcher.1')
const CURRENT = Symbol.for('undici.globalDispatcher.2')
const slots = () => {
  const scope = globalThis as unknown as Record<symbol, unknown>
  return { legacy: scope[LEGACY], current: scope[CURRENT], fetch: globalThis.fetch }
}

let real: RecordingServer
beforeAll(async () => {
  real = await startRecordingServer()
})
afterAll(() => real.close())

it('close() restores the global dispatcher by identity after 1,000 listen/close cycles', () => {
  const original = slots()
  const server = setupServer(http.get('https://api.test/x', () => HttpResponse.text('x')))
  for (let index = 0; index < 1000; index++) {
    server.listen({ sources: ['undici'] })
    expect(getGlobalDispatcher()).not.toBe(original.legacy)
    server.close()
  }
  expect(slots()).toEqual(original)
  expect(getGlobalDispatcher()).toBe(original.legacy)
  expect(getGlobalDispatcher6()).toBe(original.legacy)
})

it('several servers: the last to listen answers, and any order of close() restores the dispatcher', async () => {
  const original = slots()
  const orders = [
    [0, 1, 2],
    [2, 1, 0],
    [1, 0, 2],
    [1, 2, 0],
  ]
  for (const order of orders) {
    const servers = ['a', 'b', 'c'].map((name) =>
      setupServer(http.get(`${real.origin}/who`, () => HttpResponse.text(name))),
    )
    for (const server of servers) server.listen({ sources: ['undici'] })
    const answered: string[] = []
    for (const index of order) {
      answered.push(await (await request(`${real.origin}/who`)).body.text())
      servers[index]!.close()
    }
    // The top server answers; when it closes, the newest one still listening takes over.
    const expected: string[] = []
    const open = [0, 1, 2]
    for (const index of order) {
      expected.push(['a', 'b', 'c'][open.at(-1)!]!)
      open.splice(open.indexOf(index), 1)
    }
    expect(answered).toEqual(expected)
    expect(slots()).toEqual(original)
  }
  // Closed: the request goes to the real server.
  expect(await (await request(`${real.origin}/who`)).body.text()).toBe('')
})

it('a dispatcher installed over mocklib stays in place at close()', async () => {
  const { setGlobalDispatcher, Agent } = await import('undici')
  const original = slots()
  const server = setupServer()
  server.listen({ sources: ['undici'] })
  const theirs = new Agent()
  setGlobalDispatcher(theirs)
  server.close()
  expect(getGlobalDispatcher()).toBe(theirs)
  setGlobalDispatcher(original.legacy as InstanceType<typeof Agent>)
  await theirs.close()
})

it('with the fetch interceptor on too, a global fetch is answered once: mocked, passed through, or unhandled', async () => {
  const server = setupServer(
    http.get(`${real.origin}/mocked`, () => HttpResponse.text('mocked')),
    http.get(`${real.origin}/through`, () => passthrough()),
  )
  const starts: string[] = []
  server.events.on('request:start', ({ request }) => starts.push(new URL(request.url).pathname))
  server.listen({ ...both, onUnhandledRequest: 'bypass' })
  try {
    const before = real.requests.length
    expect(await (await fetch(`${real.origin}/mocked`)).text()).toBe('mocked')
    expect((await fetch(`${real.origin}/through`)).status).toBe(200)
    expect((await fetch(`${real.origin}/unhandled`)).status).toBe(200)
    expect(await (await request(`${real.origin}/mocked`)).body.text()).toBe('mocked')
    expect(starts).toEqual(['/mocked', '/through', '/unhandled', '/mocked'])
    expect(real.requests.slice(before).map((r) => r.path)).toEqual(['/through', '/unhandled'])
  } finally {
    server.close()
  }
})

it("with 'undici' alone, global fetch goes through the dispatcher source", async () => {
  const server = setupServer(http.get(`${real.origin}/mocked`, () => HttpResponse.text('via dispatcher')))
  const starts: string[] = []
  server.events.on('request:start', ({ request }) => starts.push(request.url))
  server.listen({ sources: ['undici'] })
  try {
    expect(globalThis.fetch).toBe(slots().fetch)
    expect(await (await fetch(`${real.origin}/mocked`)).text()).toBe('via dispatcher')
    expect(starts).toEqual([`${real.origin}/mocked`])
  } finally {
    server.close()
  }
})

it('listen() rejects an unknown or empty source list, naming what it accepts', () => {
  const server = setupServer()
  expect(() => server.listen({ sources: [] })).toThrow(/non-empty list of 'interceptors' and 'undici'/)
  expect(() => server.listen({ sources: ['nock' as 'undici'] })).toThrow(/\["nock"\]/)
  server.listen({ sources: ['undici'] })
  expect(() => server.listen({ sources: ['undici'] })).toThrow(/already listening/)
  server.close()
})

it('a MockAgent installed before listen() answers what mocklib sends to the network, and is global again after close()', async () => {
  const { MockAgent, setGlobalDispatcher } = await import('undici')
  const original = slots()
  const mockAgent = new MockAgent()
  mockAgent.disableNetConnect()
  mockAgent
    .get('https://api.test')
    .intercept({ path: '/from-mock-agent', method: 'GET' })
    .reply(200, 'MockAgent answered')
  setGlobalDispatcher(mockAgent)
  const server = setupServer(http.get('https://api.test/from-mocklib', () => HttpResponse.text('mocklib answered')))
  server.listen({ sources: ['undici'], onUnhandledRequest: 'bypass' })
  try {
    expect(await (await request('https://api.test/from-mocklib')).body.text()).toBe('mocklib answered')
    expect(await (await request('https://api.test/from-mock-agent')).body.text()).toBe('MockAgent answered')
  } finally {
    server.close()
  }
  expect(getGlobalDispatcher()).toBe(mockAgent)
  setGlobalDispatcher(original.legacy as Parameters<typeof setGlobalDispatcher>[0])
  await mockAgent.close()
  expect(slots()).toEqual(original)
})
