// `node --import mocklib/remote` on an app that never imports mocklib: its requests are mocked by
// this test process, per test scope, with nothing but the variables of remote.env().
import { HttpResponse, http } from 'mocklib'
import { setupRemoteServer } from 'mocklib/node'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { spawnApp, type SpawnedApp } from './spawn-app'

const API = 'https://api.example.test'
const remote = setupRemoteServer(http.get(`${API}/user`, () => HttpResponse.json({ name: 'root' })))
let app: SpawnedApp
let untouched: SpawnedApp

beforeAll(async () => {
  await remote.listen()
  app = await spawnApp('plain-app.mjs', remote.env(), ['--import', 'mocklib/remote'])
  untouched = await spawnApp('plain-app.mjs', {})
})

afterAll(async () => {
  // Closing the app's server is all it takes for the process to end: mocklib keeps nothing open.
  expect(await app?.stop()).toBe(0)
  await untouched?.stop()
  await remote.close()
})

const via = (target: SpawnedApp, headers: Record<string, string> = {}, client = 'fetch') =>
  fetch(`${target.origin}/forward?${new URLSearchParams({ url: `${API}/user`, client })}`, { headers })

it.each(['fetch', 'http'])('mocks %s requests of the app, per scope', async (client) => {
  expect(await (await via(app, {}, client)).json()).toEqual({ name: 'root' })
  const scoped = remote.boundary(async () => {
    remote.use(http.get(`${API}/user`, () => HttpResponse.json({ name: 'scoped' })))
    return (await via(app, remote.headers(), client)).json()
  })
  expect(await scoped()).toEqual({ name: 'scoped' })
})

it('the scope header does nothing in a process that did not opt in', async () => {
  const scope = remote.createScope()
  scope.use(http.get(`${API}/user`, () => HttpResponse.json({ name: 'scoped' })))
  // api.example.test does not resolve: the request went to the network, as it would without mocklib.
  const response = await via(untouched, scope.headers)
  expect(response.status).toBe(502)
  expect((await response.json()).cause).toMatch(/ENOTFOUND|EAI_AGAIN/)
  scope.close()
})
