// A ReadableStream body is streamed: the client gets each chunk as it is produced. Each test
// gates the next chunk on the client having received the previous one, so a body buffered
// to the end would never arrive (the test would time out instead of passing).
import http from 'node:http'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { http as rest, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { deferred } from '../helpers/deferred'

let gates: Array<() => void> = []
const received = (index: number) => gates[index]?.()

function gatedStream(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const waits = chunks.map(deferred)
  gates = waits.map((wait) => wait.resolve)
  let index = 0
  return new ReadableStream({
    async pull(controller) {
      if (index > 0) await waits[index - 1].promise
      if (index === chunks.length) return controller.close()
      controller.enqueue(encoder.encode(chunks[index++]))
    },
  })
}

const chunks = ['first|', 'second|', 'third']
const server = setupServer(
  rest.get(
    'http://api.test/stream',
    () => new HttpResponse(gatedStream(chunks), { headers: { 'content-type': 'text/plain' } }),
  ),
)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

it('fetch reads the chunks one by one as they are produced', async () => {
  const response = await fetch('http://api.test/stream')
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let text = ''
  let index = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    text += decoder.decode(value, { stream: true })
    // Release the next chunk only once this one has arrived.
    while (index < chunks.length && text.length >= chunks.slice(0, index + 1).join('').length) received(index++)
  }
  expect(text).toBe(chunks.join(''))
})

it('http.get receives data events as the chunks are produced', async () => {
  const text = await new Promise<string>((resolve, reject) => {
    http
      .get('http://api.test/stream', (response) => {
        let body = ''
        let index = 0
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          body += chunk
          while (index < chunks.length && body.length >= chunks.slice(0, index + 1).join('').length) received(index++)
        })
        response.on('end', () => resolve(body))
      })
      .on('error', reject)
  })
  expect(text).toBe(chunks.join(''))
})
