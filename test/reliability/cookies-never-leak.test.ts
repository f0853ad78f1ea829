// Guarantee: a mocked Set-Cookie never leaks. Node keeps no cookie jar (as MSW 3): a cookie a
// mocked response sets is never sent again, not to its own origin, not to another one, not
// after resetHandlers(), and never to a real server; through fetch, http.request and axios.
import axios from 'axios'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { http, HttpResponse, passthrough } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server'
import { nodeRequest } from './helpers'

let real: RecordingServer
const seen: Array<{ url: string; cookies: Record<string, string>; header: string | null }> = []
const server = setupServer(
  http.get('http://a.test/login', () =>
    HttpResponse.text('ok', {
      headers: [
        ['set-cookie', 'session=secret; Path=/'],
        ['set-cookie', 'theme=dark'],
      ],
    }),
  ),
  http.get('*/whoami', ({ request, cookies }) => {
    seen.push({ url: request.url, cookies, header: request.headers.get('cookie') })
    return HttpResponse.json(cookies)
  }),
  http.get('*/real', () => passthrough()),
)

beforeAll(async () => {
  real = await startRecordingServer()
  server.listen({ onUnhandledRequest: 'error' })
})
afterAll(async () => {
  server.close()
  await real.close()
})

type Get = (url: string) => Promise<{ setCookie: string[] }>
const clients: Record<string, Get> = {
  fetch: async (url) => {
    const response = await fetch(url)
    await response.arrayBuffer()
    return { setCookie: response.headers.getSetCookie() }
  },
  'http.request': async (url) => {
    const response = await nodeRequest(url)
    return { setCookie: response.headers['set-cookie'] ?? [] }
  },
  axios: async (url) => {
    const response = await axios.get(url)
    return { setCookie: (response.headers['set-cookie'] as string[] | undefined) ?? [] }
  },
}

for (const [name, get] of Object.entries(clients)) {
  describe(name, () => {
    it('the client sees the mocked Set-Cookie, and no later request carries it anywhere', async () => {
      seen.length = 0
      expect((await get('http://a.test/login')).setCookie).toEqual(['session=secret; Path=/', 'theme=dark'])

      await get('http://a.test/whoami')
      await get('http://b.test/whoami')
      server.use(
        http.get('http://a.test/login', () => HttpResponse.text('again', { headers: { 'set-cookie': 'override=1' } })),
      )
      await get('http://a.test/login')
      server.resetHandlers()
      await get('http://a.test/whoami')

      expect(seen.map((entry) => entry.url)).toEqual([
        'http://a.test/whoami',
        'http://b.test/whoami',
        'http://a.test/whoami',
      ])
      for (const entry of seen) {
        expect(entry.cookies, entry.url).toEqual({})
        expect(entry.header, entry.url).toBeNull()
      }

      const path = `/real?client=${encodeURIComponent(name)}`
      await get(`${real.origin}${path}`)
      const received = real.requests.find((request) => request.path === path)
      expect(received).toBeDefined()
      expect(received!.headers.cookie).toBeUndefined()
    })
  })
}
