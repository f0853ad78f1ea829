// onUnhandledRequest as a callback (request, print): it sees every unhandled request, the
// print helpers only print, and a callback that throws fails the request with a 500.
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import { http, HttpResponse, type UnhandledRequestPrint } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server'

let real: RecordingServer
let callback: (request: Request, print: UnhandledRequestPrint) => void | Promise<void> = () => {}
const server = setupServer(http.get('https://api.test/known', () => HttpResponse.text('known')))

beforeAll(async () => {
  real = await startRecordingServer()
  server.listen({ onUnhandledRequest: (request, print) => callback(request, print) })
})
afterEach(() => {
  callback = () => {}
  real.requests.length = 0
  vi.restoreAllMocks()
})
afterAll(async () => {
  server.close()
  await real.close()
})

it('receives the unhandled request, whose body it can read, and the request still goes out intact', async () => {
  const seen: string[] = []
  callback = async (request) => {
    seen.push(`${request.method} ${request.url} ${await request.clone().text()}`)
  }
  const response = await fetch(`${real.origin}/unknown`, { method: 'POST', body: 'payload' })
  expect(await response.text()).toBe('payload')
  expect(seen).toEqual([`POST ${real.origin}/unknown payload`])
  expect(real.requests[0].body.toString()).toBe('payload')
})

it('is not called for handled requests', async () => {
  const seen = vi.fn()
  callback = seen
  expect(await (await fetch('https://api.test/known')).text()).toBe('known')
  expect(seen).not.toHaveBeenCalled()
})

it('print.warning() prints the default warning and the request is still performed', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  callback = (_request, print) => print.warning()
  expect((await fetch(`${real.origin}/warned`)).status).toBe(200)
  expect(warn).toHaveBeenCalledTimes(1)
  expect(String(warn.mock.calls[0][0])).toMatch(/\[mocklib\] Warning: .*GET http:\/\/127\.0\.0\.1:\d+\/warned/)
  expect(real.requests).toHaveLength(1)
})

it('print.error() prints the default error but does not fail the request', async () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  callback = (_request, print) => print.error()
  expect((await fetch(`${real.origin}/errored`)).status).toBe(200)
  expect(error).toHaveBeenCalledTimes(1)
  expect(String(error.mock.calls[0][0])).toMatch(/\[mocklib\] Error: .*GET http:\/\/127\.0\.0\.1:\d+\/errored/)
  expect(real.requests).toHaveLength(1)
})

it('sees common static assets too, which the built-in strategies skip', async () => {
  const seen: string[] = []
  callback = (request) => void seen.push(new URL(request.url).pathname)
  await fetch(`${real.origin}/assets/logo.png`)
  expect(seen).toEqual(['/assets/logo.png'])
})

it('a callback that throws answers 500 with the error, and nothing is sent', async () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  callback = (request) => {
    throw new Error(`refusing ${new URL(request.url).pathname}`)
  }
  const response = await fetch(`${real.origin}/refused`, { method: 'POST', body: 'x' })
  expect(response.status).toBe(500)
  expect(await response.json()).toMatchObject({ name: 'Error', message: 'refusing /refused' })
  expect(real.requests).toHaveLength(0)
  expect(error).toHaveBeenCalledTimes(1)
  expect(String(error.mock.calls[0][0])).toContain('onUnhandledRequest')
})

it('an async callback is awaited, and its rejection answers 500 instead of escaping', async () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  callback = async () => {
    await new Promise((resolve) => setImmediate(resolve)) // settle in a later turn of the event loop
    throw new Error('async refusal')
  }
  const response = await fetch(`${real.origin}/refused-later`)
  expect(response.status).toBe(500)
  expect(await response.json()).toMatchObject({ message: 'async refusal' })
  expect(real.requests).toHaveLength(0)
  expect(error).toHaveBeenCalledTimes(1)
})
