// A client streaming a request body to a real server that answers before the body ends: what
// mocklib does before letting the request through must not wait for the end of the body.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { runBoth, withServer, type Lib } from './harness'

/** A real server that answers as soon as the request head arrives. */
let early: http.Server
let origin: string
beforeAll(async () => {
  early = http.createServer((request, response) => {
    response.end('answered early')
    request.resume()
  })
  await new Promise<void>((resolve) => early.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(early.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => early.close(() => resolve())))

/**
 * Starts a streamed POST, waits for `beforeEnd` (something that must happen while the body is
 * still open) and for the response head, then ends the body and reads the response.
 */
async function streamedPost(path: string, beforeEnd: Promise<void>): Promise<string> {
  const request = http.request(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'text/plain' } })
  const response = new Promise<http.IncomingMessage>((resolve, reject) => {
    request.on('response', resolve)
    request.on('error', reject)
  })
  request.write('first part, ')
  await beforeEnd
  const answer = await response
  request.end('last part')
  let text = ''
  answer.setEncoding('utf8')
  for await (const chunk of answer) text += chunk as string
  return text
}

it('an onUnhandledRequest callback runs before the body ends; print.warning() prints once it has the body', async () => {
  const { msw, mocklib } = await runBoth(async (lib: Lib) => {
    let called!: () => void
    const callbackCalled = new Promise<void>((resolve) => (called = resolve))
    let printed!: (text: string) => void
    const warning = new Promise<string>((resolve) => (printed = resolve))
    const warn = vi
      .spyOn(console, 'warn')
      .mockImplementation((...args: unknown[]) => printed(args.map(String).join(' ')))
    try {
      return await withServer(
        lib,
        [],
        {
          onUnhandledRequest: (_request, print) => {
            called()
            print.warning()
          },
        },
        async () => {
          const answer = await streamedPost('/upload', callbackCalled)
          const text = await warning
          return { answer, warnedWithBody: text.includes('first part, last part') }
        },
      )
    } finally {
      warn.mockRestore()
    }
  })
  expect(mocklib).toEqual({ answer: 'answered early', warnedWithBody: true })
  expect(mocklib).toEqual(msw)
})
