// Boundary isolation under load: 100 boundaries at once, each with its own override,
// requests spread over random delays so their lifetimes interleave.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { delay, http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

const server = setupServer(http.get('https://api.test/who', () => HttpResponse.json({ id: 'initial' })))

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

const randomMs = () => Math.floor(Math.random() * 15)

it('100 parallel boundaries with random delays each see only their own overrides', async () => {
  const results = await Promise.all(
    Array.from({ length: 100 }, (_, index) =>
      server.boundary(async () => {
        await delay(randomMs())
        server.use(
          http.get('https://api.test/who', async () => {
            // The resolver waits too, so responses are produced out of order.
            await delay(randomMs())
            return HttpResponse.json({ id: index })
          }),
        )
        const seen: unknown[] = []
        for (let round = 0; round < 3; round++) {
          await delay(randomMs())
          seen.push((await (await fetch('https://api.test/who')).json()).id)
        }
        // A reset inside one boundary must not disturb the others still running.
        if (index % 2 === 0) {
          server.resetHandlers()
          seen.push((await (await fetch('https://api.test/who')).json()).id)
        }
        return seen
      })(),
    ),
  )

  results.forEach((seen, index) => {
    const expected = index % 2 === 0 ? [index, index, index, 'initial'] : [index, index, index]
    expect(seen).toEqual(expected)
  })
  expect(server.listHandlers()).toHaveLength(1)
  expect((await (await fetch('https://api.test/who')).json()).id).toBe('initial')
})
