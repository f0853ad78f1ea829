// A request the app sends with bypass() goes to the network from the app, as in one process: the
// remote is not asked, even when one of its handlers would answer it.
import http from 'node:http'
import { HttpResponse, bypass, http as rest } from 'mocklib'
import { setupRemoteServer, setupServer } from 'mocklib/node'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { closeLocally, listenLocally } from '../helpers/local-origins'

const upstream = http.createServer((req, res) => res.end(`real ${req.url}`))
let origin: string
const asked: string[] = []
const remote = setupRemoteServer(rest.get('*/user', () => HttpResponse.text('mocked by the remote')))
const app = setupServer()

beforeAll(async () => {
  origin = await listenLocally(upstream)
  await remote.listen()
  remote.events.on('request:start', ({ request }) => void asked.push(request.url))
  app.listen({ remote: { url: remote.url, token: remote.token }, onUnhandledRequest: 'error' })
})

afterAll(async () => {
  app.close()
  await remote.close()
  await closeLocally(upstream)
})

it('fetch(bypass(request)) in the app reaches the network without asking the remote', async () => {
  expect(await (await fetch(bypass(`${origin}/user`))).text()).toBe('real /user')
  expect(asked).toEqual([])
  // Without bypass(), the same request is the remote's.
  expect(await (await fetch(`${origin}/user`)).text()).toBe('mocked by the remote')
  expect(asked).toEqual([`${origin}/user`])
})
