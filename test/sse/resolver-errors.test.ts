// Mistakes in event stream resolvers fail loudly and name the handler; faults never hang.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { sse, type ServerSentEventClient } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { openStream } from '../helpers/event-stream'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  vi.restoreAllMocks()
})
afterAll(() => server.close())

type Client = ServerSentEventClient<{ message: unknown; tick: string }>

/** Runs `act` on the client of a fresh stream and returns what it threw. */
async function thrownBy(act: (client: Client) => void): Promise<unknown> {
  let thrown: unknown
  server.use(
    sse<{ message: unknown; tick: string }>('https://api.test/s', ({ client }) => {
      try {
        act(client)
      } catch (error) {
        thrown = error
      }
      client.close()
    }),
  )
  await (await openStream('https://api.test/s')).body.toEnd().catch(() => {})
  return thrown
}

describe('bad messages', () => {
  it.each([
    [
      'an event type with a line break',
      (c: Client) => c.send({ event: 'tick\nx' as 'tick', data: '' }),
      'The event event "tick\\nx" contains a line break',
    ],
    [
      'an id with a line break',
      (c: Client) => c.send({ id: '1\n2', data: '' }),
      'The event id "1\\n2" contains a line break',
    ],
    ['an id with NULL', (c: Client) => c.send({ id: 'a\u0000', data: '' }), 'contains U+0000 NULL'],
    [
      'a fractional retry',
      (c: Client) => c.send({ retry: 1.5 }),
      'The retry time must be a whole number of milliseconds (0 or more), got 1.5',
    ],
    ['a negative retry', (c: Client) => c.send({ retry: -1 }), 'got -1'],
    ['data that is not JSON', (c: Client) => c.send({ data: 10n }), 'cannot be encoded as JSON'],
    ['a function as data', (c: Client) => c.send({ data: () => {} }), 'must be a string or a JSON value, got function'],
    ['no message at all', (c: Client) => c.send(undefined as never), 'needs a message object'],
  ])('throws a TypeError naming the handler for %s', async (_, act, expected) => {
    const error = await thrownBy(act)
    expect(error).toBeInstanceOf(TypeError)
    expect((error as Error).message).toContain('[mocklib]')
    expect((error as Error).message).toContain('"GET https://api.test/s"')
    expect((error as Error).message).toContain(expected)
  })

  it('logs, and does not throw, when the handler writes after ending the stream itself (as MSW only logs)', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
    const error = await thrownBy((client) => {
      client.close()
      client.send({ data: 'late' })
      client.comment('late')
      client.dispatchEvent(new MessageEvent('message', { data: 'late' }))
    })
    expect(error).toBeUndefined()
    expect(printed.mock.calls.map((call) => call.join(' '))).toEqual(
      ['send', 'comment', 'dispatchEvent'].map(
        (method) =>
          `[mocklib] client.${method}() was called in the event stream handler "GET https://api.test/s" after client.close() ended the stream, ` +
          'so nothing was sent. Send before ending it; to stop a timer with the stream, clear it in finalize(() => ...) or on client.signal.',
      ),
    )
  })

  it('a bad message after the end is still a mistake: it throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const error = await thrownBy((client) => {
      client.error()
      client.send(undefined as never)
    })
    expect((error as Error).message).toContain('needs a message object')
  })

  it('rejects dispatching an event that is not a message, error or close', async () => {
    const error = await thrownBy((client) => client.dispatchEvent(new Event('open')))
    expect((error as Error).message).toContain('got a "open" event that is not a MessageEvent')
  })
})

describe('resolvers that throw', () => {
  it('answers 500 with the error when the resolver throws before streaming', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(
      sse('https://api.test/s', () => {
        throw new Error('boom')
      }),
    )
    const { response, body } = await openStream('https://api.test/s')
    expect(response.status).toBe(500)
    expect(JSON.parse(await body.toEnd())).toMatchObject({ name: 'Error', message: 'boom' })
  })

  it('breaks the stream off and reports the error when the resolver throws after streaming began', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    let fail!: () => void
    server.use(
      sse('https://api.test/s', async ({ client }) => {
        client.send({ data: 'before' })
        await new Promise<void>((resolve) => (fail = resolve))
        throw new Error('late failure')
      }),
    )
    const { response, body } = await openStream('https://api.test/s')
    expect(response.status).toBe(200)
    await body.until('before')
    fail()
    await expect(body.toEnd()).rejects.toThrow()
    expect(body.text).toBe('data:before\n\n')
    expect(error.mock.calls[0][0]).toBe(
      '[mocklib] The event stream handler "GET https://api.test/s" threw after it had started streaming to GET https://api.test/s. ' +
        'The stream was ended with an error (the client sees the connection break). The error follows.',
    )
    expect((error.mock.calls[0][1] as Error).message).toBe('late failure')
  })

  it('rejects bad arguments where the handler is written', () => {
    expect(() => sse('/s', undefined as never)).toThrow(
      /needs a resolver function as its second argument, got undefined/,
    )
    expect(() => sse('/s', () => {}, { method: 'GET /x' })).toThrow(`sse() got the method "GET /x"`)
  })
})
