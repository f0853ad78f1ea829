// Calls that carry their own dispatcher bypass the global one; server.dispatcher() wraps such a
// dispatcher (Agent, Client; undici 7 and 6). Both handler generations are driven: v6 callbacks
// (request, fetch) and v7 controllers (undici 7 interceptors, hand-written handlers), with pause.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as undici7 from 'undici'
import * as undici6 from 'undici6'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { deferred } from '../../helpers/deferred'
import { startRecordingServer, type RecordingServer } from '../../helpers/recording-server'

let real: RecordingServer
const server = setupServer()
beforeAll(async () => {
  real = await startRecordingServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' })
    response.end(`real ${request.path}`)
  })
  server.resetHandlers(
    http.get(`${real.origin}/mocked`, () => HttpResponse.text('mocked')),
    http.get(
      `${real.origin}/moved`,
      () => new HttpResponse(null, { status: 302, headers: { location: `${real.origin}/mocked` } }),
    ),
  )
  server.listen({ sources: ['undici'], onUnhandledRequest: 'bypass' })
})
afterAll(async () => {
  server.close()
  await real.close()
})

describe.each([
  ['undici 7', undici7],
  ['undici 6', undici6 as unknown as typeof undici7],
] as const)('%s', (_, undici) => {
  it('a call with its own dispatcher is not intercepted', async () => {
    const agent = new undici.Agent()
    const response = await undici.request(`${real.origin}/mocked`, { dispatcher: agent })
    expect(await response.body.text()).toBe('real /mocked')
    await agent.close()
  })

  it('server.dispatcher(agent) mocks through the agent, sends the rest through it, and stops at close()', async () => {
    const wrapped = server.dispatcher(new undici.Agent())
    expect(await (await undici.request(`${real.origin}/mocked`, { dispatcher: wrapped })).body.text()).toBe('mocked')
    expect(await (await undici.request(`${real.origin}/other`, { dispatcher: wrapped })).body.text()).toBe(
      'real /other',
    )
    expect(
      await (
        await undici.fetch(`${real.origin}/mocked`, { dispatcher: wrapped } as Parameters<typeof undici.fetch>[1])
      ).text(),
    ).toBe('mocked')
    const other = setupServer(http.get(`${real.origin}/mocked`, () => HttpResponse.text('other server')))
    const otherWrapped = other.dispatcher(new undici.Agent())
    expect(await (await undici.request(`${real.origin}/mocked`, { dispatcher: otherWrapped })).body.text()).toBe(
      'real /mocked',
    )
    other.listen({ sources: ['undici'] })
    expect(await (await undici.request(`${real.origin}/mocked`, { dispatcher: otherWrapped })).body.text()).toBe(
      'other server',
    )
    other.close()
    await wrapped.close()
    await otherWrapped.close()
  })

  it('server.dispatcher(client) wraps a Client of one origin', async () => {
    const client = server.dispatcher(new undici.Client(real.origin))
    const response = await client.request({ path: '/mocked', method: 'GET' })
    expect(await response.body.text()).toBe('mocked')
    await client.close()
  })
})

it('server.dispatcher() refuses something that is not a dispatcher, saying what it needs', () => {
  expect(() => server.dispatcher({} as never)).toThrow(/needs an undici dispatcher with compose\(\)/)
})

it('v7 handlers: undici 7 redirect interceptor composed on the global path follows a mocked redirect', async () => {
  const composed = server.dispatcher(new undici7.Agent()).compose(undici7.interceptors.redirect({ maxRedirections: 2 }))
  const response = await undici7.request(`${real.origin}/moved`, { dispatcher: composed })
  expect(response.statusCode).toBe(200)
  expect(await response.body.text()).toBe('mocked')
  await composed.close()
})

it('v7 handler on the global dispatcher: start, headers, paused data resumed, end', async () => {
  server.use(
    http.get(
      `${real.origin}/chunks`,
      () =>
        new HttpResponse(
          new ReadableStream({
            start(controller) {
              for (const part of ['a', 'b', 'c']) controller.enqueue(new TextEncoder().encode(part))
              controller.close()
            },
          }),
          { headers: { 'set-cookie': 'x=1', 'x-two': 'yes' } },
        ),
    ),
  )
  const done = deferred<string[]>()
  const log: string[] = []
  undici7.getGlobalDispatcher().dispatch(
    { origin: real.origin, path: '/chunks', method: 'GET' },
    {
      onRequestStart: () => log.push('start'),
      onResponseStart: (_controller, status, headers) =>
        log.push(`${status} ${headers['set-cookie']} ${headers['x-two']}`),
      onResponseData(controller, chunk) {
        log.push(`data ${chunk.toString()} ${controller.paused}`)
        controller.pause()
        setImmediate(() => controller.resume())
      },
      onResponseEnd: () => done.resolve(log),
      onResponseError: (_controller, error) => done.resolve([...log, `error ${error.message}`]),
    },
  )
  expect(await done.promise).toEqual(['start', '200 x=1 yes', 'data a false', 'data b false', 'data c false'])
  server.resetHandlers()
})

it('v6 callbacks with pause: onData returning false waits for resume()', async () => {
  server.use(
    http.get(
      `${real.origin}/chunks`,
      () =>
        new HttpResponse(
          new ReadableStream({
            start(controller) {
              for (const part of ['a', 'b']) controller.enqueue(new TextEncoder().encode(part))
              controller.close()
            },
          }),
        ),
    ),
  )
  const done = deferred<string[]>()
  const log: string[] = []
  let resume = () => {}
  undici6.getGlobalDispatcher().dispatch(
    { origin: real.origin, path: '/chunks', method: 'GET' },
    {
      onConnect: () => log.push('connect'),
      onHeaders(status, _raw, resumeCallback) {
        resume = resumeCallback
        log.push(`headers ${status}`)
        return true
      },
      onData(chunk) {
        log.push(`data ${chunk.toString()}`)
        setImmediate(() => {
          log.push('resume')
          resume()
        })
        return false
      },
      onComplete: () => done.resolve(log),
      onError: (error) => done.resolve([...log, `error ${error.message}`]),
    },
  )
  expect(await done.promise).toEqual(['connect', 'headers 200', 'data a', 'resume', 'data b', 'resume'])
  server.resetHandlers()
})
