// What a `response:mocked` listener gets for an event stream (MSW 2 gives a clone, MSW 3 none;
// docs/migrating-from-msw.md has the choice): a copy that follows what the client reads. Reading
// it, slowly or never, must not stall or drain the client's stream, and must not keep the stream
// alive once the client left.
import http from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { http as rest, HttpResponse, sse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { openStream } from '../helpers/event-stream'
import { deferred } from '../helpers/deferred'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  server.events.removeAllListeners()
})
afterAll(() => server.close())

/** A stream that sends `one`, then `two` once the test says the client has read `one`, then stays open. */
function useTwoStepStream(url: string) {
  const clientGotOne = deferred()
  const finalized = deferred()
  server.use(
    sse(url, async ({ client, finalize }) => {
      finalize(() => finalized.resolve())
      client.send({ data: 'one' })
      await clientGotOne.promise
      client.send({ data: 'two' })
    }),
  )
  return { clientGotOne, finalized }
}

function mockedResponse(): Promise<Response> {
  return new Promise((resolve) => server.events.on('response:mocked', ({ response }) => resolve(response)))
}

describe('response:mocked with an event stream', () => {
  it('a listener that keeps the response unread does not keep the stream alive: the client leaving reaches the resolver', async () => {
    const { clientGotOne, finalized } = useTwoStepStream('https://api.test/unread')
    const kept = mockedResponse()
    const { body } = await openStream('https://api.test/unread')
    await body.until('data:one')
    clientGotOne.resolve()
    await body.until('data:two')
    expect((await kept).headers.get('content-type')).toBe('text/event-stream')
    await body.cancel()
    await finalized.promise
  })

  it('a listener reading its copy to the end neither stalls nor drains the client, and gets what the client got', async () => {
    const { clientGotOne, finalized } = useTwoStepStream('https://api.test/read')
    const copyText = deferred<string>()
    server.events.on('response:mocked', ({ response }) => void response.text().then(copyText.resolve))
    const { body } = await openStream('https://api.test/read')
    // The resolver waits for the client to read `one` before it sends `two`: a stalled client hangs here.
    await body.until('data:one')
    clientGotOne.resolve()
    const received = await body.until('data:two')
    await body.cancel()
    await finalized.promise
    expect(await copyText.promise).toBe(received)
    expect(received).toBe('data:one\n\ndata:two\n\n')
  })

  it('a listener that reads one chunk and stops does not hold the client back (http.request)', async () => {
    const { clientGotOne, finalized } = useTwoStepStream('http://api.test/slow')
    const firstOfCopy = deferred<string>()
    server.events.on('response:mocked', ({ response }) => {
      const reader = response.body!.getReader()
      void reader.read().then(({ value }) => firstOfCopy.resolve(new TextDecoder().decode(value)))
    })
    let text = ''
    const seen = { one: deferred(), two: deferred() }
    const request = http.get('http://api.test/slow', { headers: { accept: 'text/event-stream' } }, (res) => {
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString()
        if (text.includes('data:one')) seen.one.resolve()
        if (text.includes('data:two')) seen.two.resolve()
      })
    })
    request.on('error', () => {})
    await seen.one.promise
    clientGotOne.resolve()
    await seen.two.promise
    expect(await firstOfCopy.promise).toBe('data:one\n\n')
    request.destroy()
    await finalized.promise
  })
})

describe('response:mocked with other bodies', () => {
  it('the listener gets a clone it reads whole, and the client gets the whole body too', async () => {
    server.use(rest.get('https://api.test/json', () => HttpResponse.json({ id: 1, items: [1, 2, 3] })))
    const copy = mockedResponse()
    const response = await fetch('https://api.test/json')
    expect(await response.json()).toEqual({ id: 1, items: [1, 2, 3] })
    expect(await (await copy).json()).toEqual({ id: 1, items: [1, 2, 3] })
  })
})
