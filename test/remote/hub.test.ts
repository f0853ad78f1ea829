// A hub: the one remote an app knows, relaying each scope's requests to the test process that
// holds it (as mocklib/playwright does for its workers), both bodies streamed.
import { HttpResponse, http } from 'mocklib'
import { ControlClient, setupRemoteServer } from 'mocklib/node'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { deferred } from '../helpers/deferred'
import { heldEvents } from './held-events'
import { spawnApp, type SpawnedApp } from './spawn-app'

const API = 'https://api.example.test'
const hub = setupRemoteServer(http.get(`${API}/user`, () => HttpResponse.json({ name: 'the hub' })))
const worker = setupRemoteServer(http.get(`${API}/user`, () => HttpResponse.json({ name: 'the worker' })))
let app: SpawnedApp
let control: ControlClient

beforeAll(async () => {
  await hub.listen()
  await worker.listen()
  control = new ControlClient({ url: hub.url, token: hub.token })
  app = await spawnApp('plain-app.mjs', hub.env(), ['--import', 'mocklib/remote'])
})

afterAll(async () => {
  await app?.stop()
  await worker.close()
  await hub.close()
})

const via = (path: string, headers: Record<string, string> = {}, init: RequestInit = {}) =>
  fetch(`${app.origin}/forward?${new URLSearchParams({ url: `${API}${path}` })}`, { ...init, headers })

it('a scope registered with the hub is resolved by the process that holds it', async () => {
  const scope = worker.createScope()
  scope.use(http.post(`${API}/echo`, async ({ request }) => HttpResponse.text(`echo ${await request.text()}`)))
  await control.openScope({ scope: scope.id, forward: { url: worker.url, token: worker.token } })
  expect(await (await via('/user', scope.headers)).json()).toEqual({ name: 'the worker' })
  expect(await (await via('/echo', scope.headers, { method: 'POST', body: 'ünïcode' })).text()).toBe('echo ünïcode')
  expect(await (await via('/user')).json()).toEqual({ name: 'the hub' })
  await control.closeScope(scope.id)
  const closed = await via('/user', scope.headers)
  expect((await closed.json()).error).toContain(`scope ${scope.id} is not open`)
  scope.close()
})

it('a holder that ends the scope mid-request fails that request, naming the scope', async () => {
  const started = deferred()
  const scope = worker.createScope()
  scope.use(
    http.get(`${API}/slow`, async () => {
      started.resolve()
      await new Promise(() => {})
    }),
  )
  await control.openScope({ scope: scope.id, forward: { url: worker.url, token: worker.token } })
  const pending = via('/slow', scope.headers)
  await started.promise
  scope.close()
  const response = await pending
  expect(response.status).toBe(502)
  expect((await response.json()).error).toContain(`scope ${scope.id} ended`)
  await control.closeScope(scope.id)
})

it('a forwarded scope must name its holder’s remote', async () => {
  await expect(control.openScope({ scope: 'x', forward: { url: 'not a url', token: 't' } })).rejects.toThrow(
    /forward\.url "not a url" is not a URL/,
  )
})

it('a relayed answer reaches the app part by part, as the holder’s resolver produces it', async () => {
  const events = heldEvents(`${API}/events`)
  const scope = worker.createScope()
  scope.use(events.handler)
  await control.openScope({ scope: scope.id, forward: { url: worker.url, token: worker.token } })
  await events.expectPartByPart(await via('/events', scope.headers))
  await control.closeScope(scope.id)
  scope.close()
})
