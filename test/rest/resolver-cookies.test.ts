// The `cookies` resolver argument: the request's Cookie header, parsed. In Node there is no
// cookie jar (as in MSW 3): a mocked Set-Cookie never comes back in later requests.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server'

let real: RecordingServer
const server = setupServer(http.get('https://api.test/cookies', ({ cookies }) => HttpResponse.json(cookies)))

beforeAll(async () => {
  real = await startRecordingServer()
  server.listen({ onUnhandledRequest: 'error' })
})
afterEach(() => server.resetHandlers())
afterAll(async () => {
  server.close()
  await real.close()
})

const cookiesFor = async (header?: string) =>
  (await fetch('https://api.test/cookies', { headers: header === undefined ? {} : { cookie: header } })).json()

it('parses every cookie of the header', async () => {
  expect(await cookiesFor('session=abc; theme=dark;lang=fr')).toEqual({ session: 'abc', theme: 'dark', lang: 'fr' })
})

it('is an empty object without a Cookie header', async () => {
  expect(await cookiesFor()).toEqual({})
})

it('decodes URL-encoded values and keeps quoted ones with their quotes, as browsers do', async () => {
  expect(await cookiesFor('name=J%C3%BCrgen%20M; quoted="a b"; raw=100%')).toEqual({
    name: 'Jürgen M',
    quoted: '"a b"',
    raw: '100%',
  })
})

it('keeps "=" inside a value and skips malformed pairs', async () => {
  expect(await cookiesFor('token=abc==; garbage; =nameless; ok=1')).toEqual({ token: 'abc==', ok: '1' })
})

it('keeps the first of two cookies with the same name', async () => {
  expect(await cookiesFor('id=specific; id=general')).toEqual({ id: 'specific' })
})

it('a mocked Set-Cookie is not stored: later requests and the real server never see it', async () => {
  server.use(
    http.post(
      'https://api.test/login',
      () => new HttpResponse(null, { headers: { 'set-cookie': 'sid=secret; Path=/' } }),
    ),
    http.get(`${real.origin}/profile`, () => undefined),
  )
  await fetch('https://api.test/login', { method: 'POST' })
  expect(await cookiesFor()).toEqual({})
  await (await fetch(`${real.origin}/profile`)).text()
  expect(real.requests.at(-1)?.headers.cookie).toBeUndefined()
})
