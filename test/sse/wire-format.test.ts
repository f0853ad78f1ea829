// What goes on the wire, byte for byte, read with plain fetch as LLM SDKs read streams.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { sse, type ServerSentEventMessage } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { openStream } from '../helpers/event-stream'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

/** Sends the messages, closes, and returns the whole body the client read. */
type Events = { message: unknown; tick: string; ping: undefined; ' tick': string }

async function wireOf(...messages: ServerSentEventMessage<Events>[]): Promise<string> {
  server.use(
    sse<Events>('https://api.test/wire', ({ client }) => {
      for (const message of messages) client.send(message)
      client.close()
    }),
  )
  const { response, body } = await openStream('https://api.test/wire')
  expect(response.status).toBe(200)
  return body.toEnd()
}

describe('event stream wire format', () => {
  it('answers with the event stream headers', async () => {
    server.use(sse('https://api.test/wire', ({ client }) => client.close()))
    const { response, body } = await openStream('https://api.test/wire')
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(await body.toEnd()).toBe('')
  })

  it('writes a string as it is and anything else as JSON', async () => {
    expect(
      await wireOf(
        { data: 'hello' },
        { data: { n: 1 } },
        { data: [1, 'two'] },
        { data: 3 },
        { data: null },
        { data: false },
      ),
    ).toBe('data:hello\n\ndata:{"n":1}\n\ndata:[1,"two"]\n\ndata:3\n\ndata:null\n\ndata:false\n\n')
  })

  it('splits multi-line data at LF, CR and CRLF into one data line each, keeping empty lines', async () => {
    expect(await wireOf({ data: 'a\nb\rc\r\nd' }, { data: 'x\n\ny' }, { data: '\n' }, { data: '' })).toBe(
      'data:a\ndata:b\ndata:c\ndata:d\n\n' + 'data:x\ndata:\ndata:y\n\n' + 'data:\ndata:\n\n' + 'data:\n\n',
    )
  })

  it('writes id, event and retry before the data', async () => {
    expect(await wireOf({ id: '7', event: 'tick', data: 'x', retry: 250 })).toBe(
      'id:7\nevent:tick\nretry:250\ndata:x\n\n',
    )
  })

  it("writes an empty id (it resets the client's last event ID), which MSW drops", async () => {
    expect(await wireOf({ id: '', data: 'x' })).toBe('id:\ndata:x\n\n')
  })

  it('writes a bare retry, and a bare id, without a data line (nothing is dispatched)', async () => {
    expect(await wireOf({ retry: 1000 }, { id: '9' })).toBe('retry:1000\n\nid:9\n\n')
  })

  it('sends an event without data as an empty data line, so the client still dispatches it', async () => {
    expect(await wireOf({ event: 'ping' })).toBe('event:ping\ndata:\n\n')
  })

  it('writes comments, one comment line per line', async () => {
    server.use(
      sse('https://api.test/wire', ({ client }) => {
        client.comment('keep-alive')
        client.comment('two\nlines')
        client.comment('')
        client.close()
      }),
    )
    const { body } = await openStream('https://api.test/wire')
    expect(await body.toEnd()).toBe(': keep-alive\n: two\n: lines\n:\n')
  })

  it('keeps a leading space, which clients would drop after the colon (MSW loses it)', async () => {
    expect(await wireOf({ id: ' 1', event: ' tick', data: '  indented\n second' })).toBe(
      'id:  1\nevent:  tick\ndata:   indented\ndata:  second\n\n',
    )
  })

  it('keeps non-ASCII text intact', async () => {
    expect(await wireOf({ data: 'héllo 🌍 日本' })).toBe('data:héllo 🌍 日本\n\n')
  })
})
