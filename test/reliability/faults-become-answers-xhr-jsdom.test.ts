// @vitest-environment jsdom
// Guarantee: faults become answers for XMLHttpRequest (jsdom) too. A throwing resolver answers
// 500; a passthrough to a port where nothing listens fires "error"; a mocked stream that breaks
// fires "error" (it used to hang the request and leak a rejection). Nothing is left behind: no
// unhandled rejection, no open handle or timer. (Not yet: abort() of an XHR whose resolver is
// still pending fires no "abort" event; the interceptors cannot abort a pending mocked XHR.)
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest'
import { http, HttpResponse, passthrough } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { activeResources, settleResources, watchUnhandledRejections } from './helpers'

let deadOrigin: string

const server = setupServer(
  http.get('http://faults.test/throws', () => {
    throw new Error('the resolver broke')
  }),
  http.get('http://faults.test/broken-stream', () => {
    let sent = false
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(new Error('the body source failed'))
        sent = true
        controller.enqueue(new TextEncoder().encode('first chunk|'))
      },
    })
    return new HttpResponse(stream)
  }),
  http.all('*/passthrough', () => passthrough()),
)

beforeAll(async () => {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  deadOrigin = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  server.listen({ onUnhandledRequest: 'error' })
})
afterAll(() => server.close())

let watch: ReturnType<typeof watchUnhandledRejections>
let before: Map<string, number>
beforeEach(() => {
  watch = watchUnhandledRejections()
  before = activeResources()
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(async () => {
  expect(await settleResources(before), 'handles left open').toEqual({})
  await new Promise((resolve) => setImmediate(resolve))
  expect(watch.reasons, 'unhandled rejections').toEqual([])
  watch.stop()
  vi.restoreAllMocks()
})

/** Sends a GET and reports how it ended: the final event, the status and the text. */
function send(url: string): Promise<{ event: string; status: number; text: string }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest()
    xhr.open('GET', url)
    for (const event of ['load', 'error', 'abort', 'timeout']) {
      xhr.addEventListener(event, () =>
        resolve({ event, status: xhr.status, text: event === 'load' ? xhr.responseText : '' }),
      )
    }
    xhr.send()
  })
}

it('a resolver that throws answers 500 with the error', async () => {
  const outcome = await send('http://faults.test/throws')
  expect(outcome).toMatchObject({ event: 'load', status: 500 })
  expect(JSON.parse(outcome.text)).toMatchObject({ name: 'Error', message: 'the resolver broke' })
})

it('a passthrough to a port where nothing listens fires "error"', async () => {
  expect((await send(`${deadOrigin}/passthrough`)).event).toBe('error')
})

it('a mocked stream that breaks fires "error" instead of hanging', async () => {
  expect((await send('http://faults.test/broken-stream')).event).toBe('error')
})
