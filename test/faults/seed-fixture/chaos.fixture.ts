// Run by test/faults/seed-on-failure.test.ts (under vitest, and Jest through jest.config.cjs): two
// tests fail after chaos failed their requests, one passes after it did, one fails with no chaos
// fault at all.
import { createChaos, http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, beforeAll, expect, it } from 'vitest'

const chaos = createChaos({ rate: 1, faults: ['server-error'], seed: Number(process.env.FIXTURE_SEED) })
const server = setupServer(
  ...chaos.wrap(http.get('https://chaos.test/item', () => HttpResponse.json({ ok: true }))),
  http.get('https://calm.test/item', () => HttpResponse.json({ ok: true })),
)
beforeAll(() => server.listen())
afterAll(() => server.close())

it('fails under chaos', async () => {
  expect((await fetch('https://chaos.test/item')).status).toBe(200)
})

it('fails again under chaos', async () => {
  expect((await fetch('https://chaos.test/item')).ok).toBe(true)
})

it('passes under chaos', async () => {
  expect((await fetch('https://chaos.test/item')).status).toBe(500)
})

it('fails without chaos', async () => {
  expect((await fetch('https://calm.test/item')).status).toBe(201)
})
