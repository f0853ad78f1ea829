// Chaos as a server's or a boundary's option (`listen({ chaos })`, `server.boundary(fn, { chaos })`):
// every request of the scope meets the chaos, decided as chaos.wrap() decides (the same seed gives
// the same outcomes either way), and a boundary's chaos stays inside the boundary.
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { createChaos, http, HttpResponse } from 'mocklib'
import type { ChaosOptions } from 'mocklib'
import { setupServer, type SetupServer } from 'mocklib/node'

let info: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  info = vi.spyOn(console, 'info').mockImplementation(() => {})
})
afterEach(() => info.mockRestore())

const items = http.get('https://shop.test/items/:id', ({ params }) =>
  HttpResponse.text(`item ${params.id} `.repeat(300)),
)
const options: ChaosOptions = { rate: 0.5, faults: ['reset', 'truncate', 'stall', 'server-error'], seed: 21 }

/** What the client ended with for each of 30 requests: 'ok', a status, or its failure's code. */
async function outcomes(): Promise<string[]> {
  const seen: string[] = []
  for (let index = 0; index < 30; index++) {
    // A stalled body ends when the client gives up: here, as soon as the headers arrived.
    const controller = new AbortController()
    const outcome = await fetch(`https://shop.test/items/${index % 6}`, { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) return String(response.status)
        const reader = response.body!.getReader()
        const first = await reader.read()
        queueMicrotask(() => controller.abort())
        for (let chunk = first; !chunk.done; chunk = await reader.read());
        return 'ok'
      })
      .catch((error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.name)
    seen.push(outcome)
  }
  return seen
}

async function withServer<T>(server: SetupServer, listen: Parameters<SetupServer['listen']>[0], run: () => Promise<T>) {
  server.listen(listen)
  try {
    return await run()
  } finally {
    server.close()
  }
}

it("listen({ chaos }) fails the server's requests as chaos.wrap() fails the same handlers, seed for seed", async () => {
  const wrapped = await withServer(setupServer(...createChaos(options).wrap(items)), {}, outcomes)
  expect(new Set(wrapped)).toEqual(new Set(['ok', 'ECONNRESET', 'UND_ERR_SOCKET', 'AbortError', '500']))

  const chaos = createChaos(options)
  const scoped = await withServer(setupServer(items), { chaos }, outcomes)
  expect(scoped).toEqual(wrapped)
  expect(chaos.outcomes.filter((outcome) => outcome.fault !== undefined).length).toBe(
    wrapped.filter((outcome) => outcome !== 'ok').length,
  )
  // Options are taken as they are, and another seed gives other outcomes.
  expect(await withServer(setupServer(items), { chaos: options }, outcomes)).toEqual(wrapped)
  expect(await withServer(setupServer(items), { chaos: { ...options, seed: 22 } }, outcomes)).not.toEqual(wrapped)
})

it("server.boundary(fn, { chaos }) gives the boundary's requests chaos; outside it, and with null, none", async () => {
  const server = setupServer(items)
  await withServer(server, {}, async () => {
    const inside = await server.boundary(outcomes, { chaos: options })()
    expect(inside).toEqual(await withServer(setupServer(...createChaos(options).wrap(items)), {}, outcomes))
    expect(await outcomes()).toEqual(Array(30).fill('ok'))
  })
  await withServer(server, { chaos: { rate: 1, seed: 1 } }, async () => {
    expect(await outcomes()).toEqual(Array(30).fill('ECONNRESET'))
    expect(await server.boundary(outcomes, { chaos: null })()).toEqual(Array(30).fill('ok'))
  })
})

it('a server chaos fails requests no handler answers too, as a network does', async () => {
  await withServer(setupServer(), { chaos: { rate: 1, seed: 5 }, onUnhandledRequest: 'bypass' }, async () => {
    const failed = await fetch('http://127.0.0.1:9/nothing-listens').catch((error: TypeError) => error)
    expect((failed as TypeError & { cause: { code: string } }).cause.code).toBe('ECONNRESET')
  })
})

it('a bad chaos option throws a coded error naming the call', () => {
  const server = setupServer()
  expect(() => server.listen({ chaos: 5 as never })).toThrow(
    expect.objectContaining({
      code: 'MOCKLIB_INVALID_ARGUMENT',
      message: expect.stringMatching(/server\.listen\(\{ chaos: number 5 \}\)/),
    }),
  )
  expect(() => server.boundary(() => {}, { chaos: { rate: 3 } })).toThrow(/rate is a fraction/)
})
