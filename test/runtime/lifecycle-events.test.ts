// Lifecycle events on server.events: their order for each outcome (as in MSW 2.14), their
// payloads, listener management, and silence after close().
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { bypass, http, HttpResponse, passthrough, type LifeCycleEventName } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server'

const names: LifeCycleEventName[] = [
  'request:start',
  'request:match',
  'request:unhandled',
  'request:end',
  'response:mocked',
  'response:bypass',
  'unhandledException',
]

let real: RecordingServer
const server = setupServer()
let log: string[] = []
const record = (name: string) => () => void log.push(name)
const listeners = names.map((name) => [name, record(name)] as const)

beforeAll(async () => {
  real = await startRecordingServer()
  server.listen({ onUnhandledRequest: 'bypass' })
})
afterEach(() => {
  server.resetHandlers()
  server.events.removeAllListeners()
  log = []
  vi.restoreAllMocks()
})
afterAll(async () => {
  server.close()
  await real.close()
})

function listenToAll(): void {
  for (const [name, listener] of listeners) server.events.on(name, listener)
}

/** Sends the request, reads the answer, and waits for the event that ends the sequence. */
async function sequenceOf(input: string, last: LifeCycleEventName): Promise<string[]> {
  listenToAll()
  const response = await fetch(input)
  await response.text()
  await vi.waitFor(() => expect(log).toContain(last))
  return log
}

describe('order of events', () => {
  it('mocked: start → match → end → response:mocked', async () => {
    server.use(http.get('https://api.test/a', () => HttpResponse.text('mocked')))
    expect(await sequenceOf('https://api.test/a', 'response:mocked')).toEqual([
      'request:start',
      'request:match',
      'request:end',
      'response:mocked',
    ])
  })

  it('a thrown Response counts as mocked', async () => {
    server.use(
      http.get('https://api.test/a', () => {
        throw HttpResponse.text('denied', { status: 403 })
      }),
    )
    expect(await sequenceOf('https://api.test/a', 'response:mocked')).toEqual([
      'request:start',
      'request:match',
      'request:end',
      'response:mocked',
    ])
  })

  it('fall-through: start → match → end → response:bypass', async () => {
    server.use(http.get(`${real.origin}/a`, () => undefined))
    expect(await sequenceOf(`${real.origin}/a`, 'response:bypass')).toEqual([
      'request:start',
      'request:match',
      'request:end',
      'response:bypass',
    ])
  })

  it('passthrough(): start → match → end → response:bypass', async () => {
    server.use(http.get(`${real.origin}/a`, () => passthrough()))
    expect(await sequenceOf(`${real.origin}/a`, 'response:bypass')).toEqual([
      'request:start',
      'request:match',
      'request:end',
      'response:bypass',
    ])
  })

  it('unhandled: start → unhandled → end → response:bypass', async () => {
    expect(await sequenceOf(`${real.origin}/none`, 'response:bypass')).toEqual([
      'request:start',
      'request:unhandled',
      'request:end',
      'response:bypass',
    ])
  })

  it('exception: start → unhandledException → response:mocked (no match, no end)', async () => {
    server.use(
      http.get('https://api.test/a', () => {
        throw new Error('broken')
      }),
    )
    expect(await sequenceOf('https://api.test/a', 'response:mocked')).toEqual([
      'request:start',
      'unhandledException',
      'response:mocked',
    ])
  })

  it('network error: start → match → end, and no response event', async () => {
    server.use(
      http.get('https://api.test/a', () => HttpResponse.error()),
      http.get('https://api.test/after', () => HttpResponse.text('after')),
    )
    const byRequest = new Map<string, string[]>()
    for (const name of names) {
      server.events.on(name, ({ requestId }) => byRequest.set(requestId, [...(byRequest.get(requestId) ?? []), name]))
    }
    await expect(fetch('https://api.test/a')).rejects.toThrow()
    // The next request's last event comes after every event of the first one.
    const afterDone = new Promise<void>((resolve) => server.events.on('response:mocked', () => resolve()))
    await (await fetch('https://api.test/after')).text()
    await afterDone
    const [first, second] = [...byRequest.values()]
    expect(first).toEqual(['request:start', 'request:match', 'request:end'])
    expect(second).toEqual(['request:start', 'request:match', 'request:end', 'response:mocked'])
  })

  it('fetch(bypass(request)): the inner request has its own start → end → response:bypass', async () => {
    server.use(
      http.get(`${real.origin}/a`, async ({ request }) => {
        const original = await fetch(bypass(request))
        return HttpResponse.text(`patched ${await original.text()}`)
      }),
    )
    expect(await sequenceOf(`${real.origin}/a`, 'response:mocked')).toEqual([
      'request:start',
      'request:start',
      'request:end',
      'response:bypass',
      'request:match',
      'request:end',
      'response:mocked',
    ])
  })
})

describe('payloads', () => {
  it('every event of one request carries that request and its requestId, also seen by the resolver', async () => {
    let resolverRequestId = ''
    server.use(
      http.post('https://api.test/a', ({ requestId }) => {
        resolverRequestId = requestId
        return HttpResponse.json({ ok: true })
      }),
    )
    const seen: Array<{ name: string; requestId: string; url: string; method: string }> = []
    for (const name of names) {
      server.events.on(name, (payload) =>
        seen.push({ name, requestId: payload.requestId, url: payload.request.url, method: payload.request.method }),
      )
    }
    await (await fetch('https://api.test/a', { method: 'POST', body: '{}' })).json()
    await vi.waitFor(() => expect(seen.map((event) => event.name)).toContain('response:mocked'))
    expect(resolverRequestId).not.toBe('')
    for (const event of seen) {
      expect(event).toMatchObject({ requestId: resolverRequestId, url: 'https://api.test/a', method: 'POST' })
    }
  })

  it('response:mocked carries a readable copy of the response; the client still gets the body', async () => {
    server.use(http.get('https://api.test/a', () => HttpResponse.json({ hello: 'world' }, { status: 201 })))
    const bodies: unknown[] = []
    server.events.on('response:mocked', async ({ response }) => {
      bodies.push({ status: response.status, body: await response.json() })
    })
    const response = await fetch('https://api.test/a')
    expect(await response.json()).toEqual({ hello: 'world' })
    await vi.waitFor(() => expect(bodies).toEqual([{ status: 201, body: { hello: 'world' } }]))
  })

  it('response:bypass carries the real response', async () => {
    const bodies: unknown[] = []
    server.events.on('response:bypass', async ({ response }) => {
      bodies.push({ status: response.status, method: response.headers.get('x-received-method') })
    })
    await (await fetch(`${real.origin}/real`, { method: 'PUT', body: 'x' })).text()
    await vi.waitFor(() => expect(bodies).toEqual([{ status: 200, method: 'PUT' }]))
  })

  it('unhandledException carries the error, and a listener replaces the console.error report', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const thrown = new Error('resolver failed')
    server.use(
      http.get('https://api.test/a', () => {
        throw thrown
      }),
    )
    const seen: Error[] = []
    server.events.on('unhandledException', ({ error: reported }) => void seen.push(reported))
    const response = await fetch('https://api.test/a')
    expect(response.status).toBe(500)
    expect(seen).toEqual([thrown])
    expect(error).not.toHaveBeenCalled()
  })

  it('without an unhandledException listener, the error is printed', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(
      http.get('https://api.test/a', () => {
        throw new Error('resolver failed')
      }),
    )
    expect((await fetch('https://api.test/a')).status).toBe(500)
    expect(error).toHaveBeenCalledTimes(1)
  })

  it('a listener that throws is reported and does not change the answer', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(http.get('https://api.test/a', () => HttpResponse.text('fine')))
    server.events.on('request:start', () => {
      throw new Error('listener bug')
    })
    expect(await (await fetch('https://api.test/a')).text()).toBe('fine')
    expect(String(error.mock.calls[0][0])).toContain('"request:start" event listener threw')
  })
})

describe('listener management', () => {
  it('removeListener removes one listener; removeAllListeners(name) and () remove the rest', async () => {
    server.use(http.get('https://api.test/a', () => HttpResponse.text('x')))
    const first = vi.fn()
    const second = vi.fn()
    const end = vi.fn()
    server.events.on('request:start', first)
    server.events.on('request:start', second)
    server.events.on('request:end', end)

    server.events.removeListener('request:start', first)
    await fetch('https://api.test/a')
    expect([first.mock.calls.length, second.mock.calls.length, end.mock.calls.length]).toEqual([0, 1, 1])

    server.events.removeAllListeners('request:start')
    await fetch('https://api.test/a')
    expect([second.mock.calls.length, end.mock.calls.length]).toEqual([1, 2])

    server.events.removeAllListeners()
    await fetch('https://api.test/a')
    expect(end.mock.calls.length).toBe(2)
  })

  it('rejects a listener that is not a function', () => {
    expect(() => server.events.on('request:start', 'nope' as never)).toThrow(/listener must be a function/)
  })
})

describe('after close()', () => {
  it('emits nothing, and listen() brings the events back', async () => {
    const urls: string[] = []
    for (const name of names)
      server.events.on(name, ({ request }) => void urls.push(`${name} ${new URL(request.url).pathname}`))
    server.close()
    await (await fetch(`${real.origin}/after-close`)).text()

    server.listen({ onUnhandledRequest: 'bypass' })
    await (await fetch(`${real.origin}/after-listen`)).text()
    await vi.waitFor(() => expect(urls).toContain('response:bypass /after-listen'))
    // Any event of the request sent while closed would have come before these.
    expect(urls).toEqual([
      'request:start /after-listen',
      'request:unhandled /after-listen',
      'request:end /after-listen',
      'response:bypass /after-listen',
    ])
  })
})
