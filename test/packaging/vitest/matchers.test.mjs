// mocklib/vitest's matchers from the installed package, registered by setup.mjs (setupFiles).
import { afterAll, beforeAll, expect, it } from 'vitest'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

const createUser = http.post('https://api.test/teams/:team/users', () => HttpResponse.json({ id: 7 }, { status: 201 }))
const server = setupServer(createUser)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

it('asserts what a handler was asked, and fails with a diff of each call', async () => {
  expect(import.meta.resolve('mocklib/vitest')).toMatch(/\/node_modules\/mocklib\/dist\/vitest\.js$/)
  await fetch('https://api.test/teams/red/users', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Ann' }),
  })
  expect(createUser).toHaveBeenRequestedTimes(1)
  await expect(createUser).toHaveBeenRequestedWith({ params: { team: 'red' }, body: { name: 'Ann' } })
  let message = ''
  try {
    expect(createUser).toHaveBeenRequestedWith({ params: { team: 'blue' } })
  } catch (error) {
    message = error.message.replace(/\u001b\[[0-9;]*m/g, '')
  }
  expect(message).toContain('Handler: POST https://api.test/teams/:team/users declared at')
  expect(message).toMatch(/- +"team": "blue",\n\+ +"team": "red",/)
})
