// createChaos(): a seeded fraction of requests fails with a seeded mix of faults. The same seed
// gives the same outcomes for the same requests; another seed, others; MOCKLIB_SEED replays a
// run; the seed is printed with the first fault; GraphQL operations are faulted by operation.
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest'
import { createChaos, graphql, http, HttpResponse } from 'mocklib'
import type { ChaosOptions } from 'mocklib'
import { setupServer } from 'mocklib/node'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

let info: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  info = vi.spyOn(console, 'info').mockImplementation(() => {})
})
afterEach(() => info.mockRestore())

const items = http.get('https://shop.test/items/:id', ({ params }) => HttpResponse.json({ id: params.id }))

/** What the client ended with for each of 40 requests: 'ok', or its failure's code. */
async function run(options: ChaosOptions): Promise<string[]> {
  server.resetHandlers(...createChaos(options).wrap(items))
  const outcomes: string[] = []
  for (let index = 0; index < 40; index++) {
    const outcome = await fetch(`https://shop.test/items/${index % 8}`)
      .then(async (response) => (response.ok ? (await response.json(), 'ok') : String(response.status)))
      .catch((error: { cause?: { code?: string }; message: string }) => error.cause?.code ?? error.message)
    outcomes.push(outcome)
  }
  return outcomes
}

/** run() with MOCKLIB_SEED set. */
async function runWithEnvSeed(seed: string, options: ChaosOptions): Promise<string[]> {
  vi.stubEnv('MOCKLIB_SEED', seed)
  try {
    return await run(options)
  } finally {
    vi.unstubAllEnvs()
  }
}

const mix: ChaosOptions['faults'] = ['reset', 'refused', 'truncate', 'server-error']

it('the same seed gives the same outcomes; another seed other ones', async () => {
  const first = await run({ rate: 0.5, faults: mix, seed: 7 })
  expect(new Set(first)).toEqual(new Set(['ok', 'ECONNRESET', 'ECONNREFUSED', 'UND_ERR_SOCKET', '500']))
  expect(await run({ rate: 0.5, faults: mix, seed: 7 })).toEqual(first)
  expect(await run({ rate: 0.5, faults: mix, seed: 8 })).not.toEqual(first)
})

it('fails about the chosen fraction, in the weights given', async () => {
  const outcomes = await run({ rate: 0.3, faults: { reset: 3, 'server-error': 1 }, seed: 'fraction' })
  const failed = outcomes.filter((outcome) => outcome !== 'ok')
  expect(failed.length).toBeGreaterThanOrEqual(6)
  expect(failed.length).toBeLessThanOrEqual(18)
  expect(failed.filter((outcome) => outcome === 'ECONNRESET').length).toBeGreaterThan(
    failed.filter((outcome) => outcome === '500').length,
  )
  expect(await run({ rate: 0, seed: 1 })).toEqual(Array(40).fill('ok'))
  expect(await run({ rate: 1, seed: 1 })).toEqual(Array(40).fill('ECONNRESET'))
})

it('without a seed, takes MOCKLIB_SEED, and prints the seed with the first fault', async () => {
  vi.stubEnv('MOCKLIB_SEED', '1234')
  const chaos = createChaos({ rate: 1 })
  vi.unstubAllEnvs()
  expect(chaos.seed).toBe(1234)
  server.resetHandlers(...chaos.wrap(items))
  await fetch('https://shop.test/items/1').catch(() => undefined)
  await fetch('https://shop.test/items/2').catch(() => undefined)
  expect(info).toHaveBeenCalledTimes(1)
  expect(String(info.mock.calls[0]![0])).toContain('MOCKLIB_SEED=1234')
  expect(chaos.outcomes).toEqual([
    { request: 'GET https://shop.test/items/1', fault: 'reset' },
    { request: 'GET https://shop.test/items/2', fault: 'reset' },
  ])
  // A replay from the environment is the run with that seed.
  expect(await runWithEnvSeed('1234', { rate: 0.5, faults: mix })).toEqual(
    await run({ rate: 0.5, faults: mix, seed: 1234 }),
  )
})

it('faults a GraphQL operation, not the others sent to the same URL', async () => {
  const chaos = createChaos({ rate: 1, faults: ['server-error'], seed: 3 })
  server.resetHandlers(
    ...chaos.wrap(graphql.query('GetUser', () => HttpResponse.json({ data: { user: { id: '1' } } }))),
    graphql.query('GetCart', () => HttpResponse.json({ data: { cart: [] } })),
  )
  const send = (query: string) =>
    fetch('https://api.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    })
  expect((await send('query GetUser { user { id } }')).status).toBe(500)
  const cart = await send('query GetCart { cart }')
  expect(cart.status).toBe(200)
  expect(await cart.json()).toEqual({ data: { cart: [] } })
})

it('bad options throw coded errors naming what to give', () => {
  expect(() => createChaos({ rate: 2 })).toThrow(expect.objectContaining({ code: 'MOCKLIB_INVALID_ARGUMENT' }))
  expect(() => createChaos({ rate: 0.1, faults: ['explode' as never] })).toThrow(/'reset', 'refused'/)
})
