// Guarantee: `once` and generator state never leak between boundaries. Property-based: random
// sets of concurrent boundaries, each running a random, interleaved sequence of requests to a
// `once` handler and a generator, resetHandlers() and restoreHandlers(), each see exactly what a
// boundary of their own would see; the server's own state is untouched afterwards. (Fixed cases:
// test/runtime/boundary-handler-state.test.ts; 1,000 at once: load-mixed-heap-flat.test.ts.)
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

const server = setupServer(
  http.get('http://state.test/once', () => HttpResponse.text('once'), { once: true }),
  http.get('http://state.test/once', () => HttpResponse.text('used')),
  http.get('http://state.test/sequence', function* () {
    yield HttpResponse.text('1')
    yield HttpResponse.text('2')
    return HttpResponse.text('3')
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

type Op = { kind: 'once' | 'sequence' | 'reset' | 'restore'; ticks: number }
const op: fc.Arbitrary<Op> = fc.record({
  kind: fc.constantFrom('once', 'once', 'sequence', 'sequence', 'sequence', 'reset', 'restore'),
  ticks: fc.nat({ max: 3 }),
})

/** What one boundary must see, from its own operations only. */
function expected(ops: Op[]): string[] {
  let onceUsed = false
  let step = 0
  const seen: string[] = []
  for (const { kind } of ops) {
    if (kind === 'once') {
      seen.push(onceUsed ? 'used' : 'once')
      onceUsed = true
    } else if (kind === 'sequence') {
      step = Math.min(step + 1, 3)
      seen.push(String(step))
    } else if (kind === 'reset') {
      // resetHandlers() restarts generators; a used `once` handler stays used.
      step = 0
    } else {
      // restoreHandlers() lets `once` handlers answer again; other generators keep their progress.
      onceUsed = false
    }
  }
  return seen
}

const tick = () => new Promise((resolve) => setImmediate(resolve))

it('concurrent boundaries each see only their own once and generator progress', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.array(op, { maxLength: 8 }), { minLength: 2, maxLength: 8 }), async (plans) => {
      // Each run starts from a fresh server state, whatever the run before it did.
      server.resetHandlers()
      server.restoreHandlers()
      const results = await Promise.all(
        plans.map((ops) =>
          server.boundary(async () => {
            const seen: string[] = []
            for (const { kind, ticks } of ops) {
              for (let index = 0; index < ticks; index++) await tick()
              if (kind === 'reset') server.resetHandlers()
              else if (kind === 'restore') server.restoreHandlers()
              else seen.push(await (await fetch(`http://state.test/${kind}`)).text())
            }
            return seen
          })(),
        ),
      )
      results.forEach((seen, index) => expect(seen, `boundary #${index + 1}`).toEqual(expected(plans[index])))
      // Outside every boundary, nothing was consumed.
      expect(await (await fetch('http://state.test/once')).text()).toBe('once')
      expect(await (await fetch('http://state.test/sequence')).text()).toBe('1')
    }),
    { numRuns: 60 },
  )
})
