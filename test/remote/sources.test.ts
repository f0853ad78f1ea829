// @vitest-environment jsdom
// Every source of an app process asks the remote first: XMLHttpRequest under jsdom and undici's
// dispatcher beside fetch and http. App and test process are one process here: the remote's
// client never goes through the app's own interceptors.
import { HttpResponse, http } from 'mocklib'
import { setupRemoteServer, setupServer } from 'mocklib/node'
import { request } from 'undici'
import { afterAll, beforeAll, expect, it } from 'vitest'

const API = 'https://api.example.test'
const remote = setupRemoteServer(http.get(`${API}/user`, () => HttpResponse.json({ name: 'from the remote' })))
const app = setupServer(http.get(`${API}/local`, () => HttpResponse.text('from the app')))
const unhandled: string[] = []

beforeAll(async () => {
  await remote.listen()
  app.listen({
    remote: { url: remote.url, token: remote.token },
    sources: ['interceptors', 'undici'],
    onUnhandledRequest: (request) => void unhandled.push(request.url),
  })
})

afterAll(async () => {
  app.close()
  await remote.close()
})

function xhr(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const client = new XMLHttpRequest()
    client.open('GET', url)
    client.onload = () => resolve(client.responseText)
    client.onerror = () => reject(new Error(`XMLHttpRequest to ${url} failed`))
    client.send()
  })
}

it('XMLHttpRequest under jsdom', async () => {
  expect(JSON.parse(await xhr(`${API}/user`))).toEqual({ name: 'from the remote' })
  expect(await xhr(`${API}/local`)).toBe('from the app')
})

it('undici.request through the undici source', async () => {
  const { body } = await request(`${API}/user`)
  expect(await body.json()).toEqual({ name: 'from the remote' })
  expect(await (await request(`${API}/local`)).body.text()).toBe('from the app')
})

it('the remote’s own requests are never offered to the app’s pipeline', async () => {
  const started: string[] = []
  const onStart = ({ request }: { request: Request }) => void started.push(request.url)
  app.events.on('request:start', onStart)
  expect(await (await fetch(`${API}/user`)).json()).toEqual({ name: 'from the remote' })
  app.events.removeListener('request:start', onStart)
  expect(started).toEqual([`${API}/user`])
  expect(unhandled).toEqual([])
})
