// Guarantee: a fault becomes a defined answer, never a hang. A resolver that throws, rejects or
// returns something that is not a Response answers 500; one that never settles (or waits on
// delay('infinite')) ends when the client aborts; a throwing onUnhandledRequest callback answers
// 500; a passthrough to a port where nothing listens, or to a server that resets the connection,
// fails the client with that network error; a mocked stream that errors mid-body fails the client.
// GraphQL too: a throwing resolver answers 500, or an error result for its entry in a batch.
// Through fetch, http.request and axios, and after each case no unhandled rejection is left and
// no socket, timer or other handle stays open (process.getActiveResourcesInfo()).
import { createServer as createNetServer, type Server as NetServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import axios, { type AxiosError } from 'axios'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { bypass, delay, graphql, http, HttpResponse, passthrough } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { activeResources, nodeRequest, settleResources, watchUnhandledRejections } from './helpers'

/** Resolves when a resolver has started, so the client aborts a request that is really pending. */
let started: () => void = () => {}
const resolverStarted = () => new Promise<void>((resolve) => (started = resolve))

let deadOrigin: string
let resettingOrigin: string
let resetting: NetServer

const server = setupServer(
  http.get('http://faults.test/throws', () => {
    throw new Error('the resolver broke')
  }),
  http.get('http://faults.test/rejects', async () => {
    await Promise.resolve()
    throw new RangeError('the async resolver broke')
  }),
  http.get('http://faults.test/returns/:kind', ({ params }) => {
    const values: Record<string, unknown> = { object: { ok: true }, string: 'ok', number: 42, map: new Map() }
    return values[String(params.kind)] as never
  }),
  http.get('http://faults.test/never', () => {
    started()
    return new Promise<never>(() => {})
  }),
  http.get('http://faults.test/infinite', async () => {
    started()
    await delay('infinite')
    return HttpResponse.text('never sent')
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
    return new HttpResponse(stream, { headers: { 'content-type': 'text/plain' } })
  }),
  http.get('*/passthrough', () => passthrough()),
  graphql.query('Broken', () => {
    throw new Error('the GraphQL resolver broke')
  }),
  graphql.query('Fine', () => HttpResponse.json({ data: { fine: true } })),
  graphql.query('Pending', () => {
    started()
    return new Promise<never>(() => {})
  }),
  http.get('*/bypass', ({ request }) => fetch(bypass(request))),
)

beforeAll(async () => {
  // A port where nothing listens: bind one, then free it.
  const probe = createNetServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  deadOrigin = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  // A server that resets every connection as soon as a request arrives.
  resetting = createNetServer((socket) => socket.once('data', () => socket.resetAndDestroy()))
  await new Promise<void>((resolve) => resetting.listen(0, '127.0.0.1', resolve))
  resettingOrigin = `http://127.0.0.1:${(resetting.address() as AddressInfo).port}`

  server.listen({
    onUnhandledRequest(request) {
      const { pathname } = new URL(request.url)
      if (pathname === '/callback-throws') throw new Error('the callback broke')
      if (pathname === '/callback-rejects') return Promise.reject(new Error('the async callback broke'))
      // Anything else unhandled goes to the network as-is.
    },
  })
})
afterAll(async () => {
  server.close()
  await new Promise<void>((resolve) => resetting.close(() => resolve()))
})

let watch: ReturnType<typeof watchUnhandledRejections>
let before: Map<string, number>
let consoleError: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  watch = watchUnhandledRejections()
  before = activeResources()
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(async () => {
  // Whatever the client saw, nothing may be left behind.
  expect(await settleResources(before), 'handles left open').toEqual({})
  // Rejections are reported a turn late: give them that turn.
  await new Promise((resolve) => setImmediate(resolve))
  expect(watch.reasons, 'unhandled rejections').toEqual([])
  watch.stop()
  consoleError.mockRestore()
})

type Outcome =
  { status: number; body: string } | { error: { name?: string; code?: string; message: string; cause?: string } }

/** One client: what it ended with (a response, or the error it failed with). */
type Client = (url: string, signal?: AbortSignal) => Promise<Outcome>

function describeError(error: unknown): Outcome {
  const e = error as { name?: string; code?: string; message: string; cause?: { code?: string; message?: string } }
  return {
    error: {
      name: e.name,
      code: e.code ?? e.cause?.code,
      message: e.message,
      cause: e.cause?.code ?? e.cause?.message,
    },
  }
}

const clients: Record<string, Client> = {
  fetch: async (url, signal) => {
    try {
      const response = await fetch(url, { signal })
      return { status: response.status, body: await response.text() }
    } catch (error) {
      return describeError(error)
    }
  },
  'http.request': async (url, signal) => {
    try {
      const response = await nodeRequest(url, { signal })
      return { status: response.status, body: response.body.toString('utf8') }
    } catch (error) {
      return describeError(error)
    }
  },
  axios: async (url, signal) => {
    try {
      const response = await axios.get<string>(url, { signal, responseType: 'text', validateStatus: () => true })
      return { status: response.status, body: response.data }
    } catch (error) {
      const axiosError = error as AxiosError
      return {
        error: {
          name: axiosError.name,
          code: axiosError.code ?? undefined,
          message: axiosError.message,
          cause: (axiosError.cause as { code?: string } | undefined)?.code,
        },
      }
    }
  },
}

function expect500(outcome: Outcome, message: RegExp): Record<string, unknown> {
  expect(outcome).toHaveProperty('status', 500)
  const body = JSON.parse((outcome as { body: string }).body) as Record<string, unknown>
  expect(body.message).toMatch(message)
  return body
}

function expectFailure(outcome: Outcome): { name?: string; code?: string; message: string; cause?: string } {
  expect(outcome, 'the client should have failed').toHaveProperty('error')
  return (outcome as { error: { name?: string; code?: string; message: string; cause?: string } }).error
}

for (const [name, send] of Object.entries(clients)) {
  describe(name, () => {
    it('a resolver that throws answers 500 with the error, and the report names the handler', async () => {
      const body = expect500(await send('http://faults.test/throws'), /the resolver broke/)
      expect(body.name).toBe('Error')
      expect(String(consoleError.mock.calls[0]?.[0])).toContain('GET http://faults.test/throws')
    })

    it('a resolver that rejects answers 500 with the error', async () => {
      const body = expect500(await send('http://faults.test/rejects'), /the async resolver broke/)
      expect(body.name).toBe('RangeError')
    })

    it('a resolver that returns something other than a Response answers 500 saying what to return', async () => {
      for (const kind of ['object', 'string', 'number', 'map']) {
        expect500(await send(`http://faults.test/returns/${kind}`), /is not a Response/)
      }
    })

    it('a resolver that never settles ends when the client aborts, and the next request is answered', async () => {
      const controller = new AbortController()
      const started = resolverStarted()
      const pending = send('http://faults.test/never', controller.signal)
      await started
      controller.abort()
      const error = expectFailure(await pending)
      expect(`${error.name} ${error.code}`).toMatch(/Abort|ERR_CANCELED/)
      expect500(await send('http://faults.test/throws'), /the resolver broke/)
    })

    it("delay('infinite') ends when the client aborts", async () => {
      const controller = new AbortController()
      const started = resolverStarted()
      const pending = send('http://faults.test/infinite', controller.signal)
      await started
      controller.abort()
      const error = expectFailure(await pending)
      expect(`${error.name} ${error.code}`).toMatch(/Abort|ERR_CANCELED/)
    })

    it('an onUnhandledRequest callback that throws or rejects answers 500, and nothing is sent', async () => {
      expect500(await send(`${deadOrigin}/callback-throws`), /the callback broke/)
      expect500(await send(`${deadOrigin}/callback-rejects`), /the async callback broke/)
      expect(String(consoleError.mock.calls[0]?.[0])).toMatch(/onUnhandledRequest callback threw/)
    })

    it('a passthrough to a port where nothing listens fails the client with ECONNREFUSED', async () => {
      for (const path of ['/passthrough', '/unhandled']) {
        const error = expectFailure(await send(`${deadOrigin}${path}`))
        expect(`${error.code} ${error.cause} ${error.message}`, path).toMatch(/ECONNREFUSED/)
      }
    })

    it('fetch(bypass(request)) to a port where nothing listens makes the resolver fail: 500', async () => {
      expect500(await send(`${deadOrigin}/bypass`), /fetch failed|ECONNREFUSED/)
    })

    it('a passthrough to a server that resets the connection fails the client', async () => {
      for (const path of ['/passthrough', '/unhandled']) {
        const error = expectFailure(await send(`${resettingOrigin}${path}`))
        expect(`${error.code} ${error.cause} ${error.message}`, path).toMatch(
          /ECONNRESET|socket hang up|other side closed|terminated/i,
        )
      }
    })

    it('a mocked stream that errors mid-body fails the client instead of hanging', async () => {
      const outcome = await send('http://faults.test/broken-stream')
      // The status line may already be out when the body fails; the body then never completes.
      if ('status' in outcome) expect(outcome.body).not.toBe('first chunk|')
      else expect(outcome.error.message).toBeTruthy()
    })
  })
}

describe('GraphQL (fetch)', () => {
  const post = (body: unknown, signal?: AbortSignal) =>
    fetch('http://faults.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    })

  it('a GraphQL resolver that throws answers 500 with the error', async () => {
    const response = await post({ query: 'query Broken { a }', operationName: 'Broken' })
    expect(response.status).toBe(500)
    expect(((await response.json()) as { message: string }).message).toBe('the GraphQL resolver broke')
  })

  it('in a batch, the throwing entry becomes an error result and the others are answered', async () => {
    const response = await post([
      { query: 'query Fine { a }', operationName: 'Fine' },
      { query: 'query Broken { a }', operationName: 'Broken' },
    ])
    expect(response.status).toBe(200)
    const [fine, broken] = (await response.json()) as Array<{ data?: unknown; errors?: Array<{ message: string }> }>
    expect(fine).toEqual({ data: { fine: true } })
    expect(broken.errors?.[0].message).toMatch(
      /Batch entry #2 \("Broken"\) failed with status 500: the GraphQL resolver broke/,
    )
  })

  it('a batch with an entry that never settles ends when the client aborts', async () => {
    const controller = new AbortController()
    const started = resolverStarted()
    const pending = post(
      [
        { query: 'query Fine { a }', operationName: 'Fine' },
        { query: 'query Pending { a }', operationName: 'Pending' },
      ],
      controller.signal,
    )
    await started
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })
})
