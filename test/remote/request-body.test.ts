// The remote reads the body of a request it is asked about from a copy: the app's request keeps
// its own body for lifecycle listeners, local handlers and the network.
import { HttpResponse, http } from 'mocklib'
import { expect, it } from 'vitest'
import { remoteInProcess } from './remote-in-process'

const API = 'https://api.example.test'
const { app } = remoteInProcess([
  http.post(`${API}/echo`, async ({ request }) => HttpResponse.text(`remote: ${await request.text()}`)),
])

it('a listener reads the body of a request the remote answered, sent as bytes', async () => {
  const listened = new Promise<{ own: string[]; body: string }>((resolve) => {
    app.events.on('response:mocked', async ({ request }) => {
      const own = Object.getOwnPropertyNames(request)
      try {
        resolve({ own, body: await request.clone().text() })
      } catch (error) {
        resolve({ own, body: String(error) })
      }
    })
  })
  const response = await fetch(`${API}/echo`, { method: 'POST', body: new TextEncoder().encode('hi') })
  expect(await response.text()).toBe('remote: hi')
  expect(await listened).toEqual({ own: [], body: 'hi' })
})
