// SetupServerApi with custom interceptors (MSW's recipe): only what the given interceptors
// cover is mocked, the rest reaches the network; msw 2.14 and mocklib agree.
import http from 'node:http'
import { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest'
import { FetchInterceptor } from '@mswjs/interceptors/fetch'
import * as msw from 'msw'
import { SetupServerApi as MswSetupServerApi } from 'msw/node'
import * as mocklib from 'mocklib'
import { SetupServerApi } from 'mocklib/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendWithNodeRequest } from '../helpers/node-request'
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server'

let real: RecordingServer
beforeAll(async () => {
  real = await startRecordingServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' })
    response.end('real')
  })
})
afterAll(() => real.close())

interface Server {
  listen(options?: { onUnhandledRequest?: 'bypass' }): void
  close(): void
}

async function outcomes(server: Server): Promise<{ viaHttp: string; viaFetch: string }> {
  server.listen({ onUnhandledRequest: 'bypass' })
  try {
    const viaHttp = (await sendWithNodeRequest(http.request, 'GET', `${real.origin}/x`)).body
    const viaFetch = await (await fetch(`${real.origin}/x`)).text()
    return { viaHttp, viaFetch }
  } finally {
    server.close()
  }
}

describe('new SetupServerApi(handlers, interceptors)', () => {
  it('with ClientRequestInterceptor alone, http.request is mocked and fetch reaches the network, as in msw', async () => {
    const ours = await outcomes(
      new SetupServerApi(
        [mocklib.http.get(`${real.origin}/x`, () => mocklib.HttpResponse.text('mocked'))],
        [new ClientRequestInterceptor()],
      ),
    )
    const theirs = await outcomes(
      new MswSetupServerApi(
        [msw.http.get(`${real.origin}/x`, () => msw.HttpResponse.text('mocked'))],
        [new ClientRequestInterceptor()],
      ),
    )
    expect(ours).toEqual({ viaHttp: 'mocked', viaFetch: 'real' })
    expect(ours).toEqual(theirs)
  })

  it('with FetchInterceptor alone, only fetch is mocked; close() restores it', async () => {
    const handlers = [mocklib.http.get(`${real.origin}/x`, () => mocklib.HttpResponse.text('mocked'))]
    const originalFetch = globalThis.fetch
    expect(await outcomes(new SetupServerApi(handlers, [new FetchInterceptor()]))).toEqual({
      viaHttp: 'real',
      viaFetch: 'mocked',
    })
    expect(globalThis.fetch).toBe(originalFetch)
  })

  it('without interceptors it is setupServer: handler-list API, events and boundary included', async () => {
    const server = new SetupServerApi([
      mocklib.http.get(`${real.origin}/x`, () => mocklib.HttpResponse.text('initial')),
    ])
    const started: string[] = []
    server.events.on('request:start', ({ request }) => started.push(request.url))
    server.use(mocklib.http.get(`${real.origin}/x`, () => mocklib.HttpResponse.text('override'), { once: true }))
    expect(server.listHandlers()).toHaveLength(2)
    expect(await outcomes(server)).toEqual({ viaHttp: 'override', viaFetch: 'initial' })
    server.resetHandlers()
    expect(server.listHandlers()).toHaveLength(1)
    expect(started).toEqual([`${real.origin}/x`, `${real.origin}/x`])
    expect(server).toBeInstanceOf(mocklib.SetupApi)
  })
})

describe('new SetupServerApi(handlers, interceptors) with request bodies', () => {
  let echo: RecordingServer
  beforeAll(async () => {
    echo = await startRecordingServer()
  })
  afterAll(() => echo.close())

  // The resolver reads the body, then falls through: the same body must still reach the network
  // ("Body is unusable" was reported for this recipe).
  const reading = () => [
    mocklib.http.post(`${echo.origin}/echo`, async ({ request }) => {
      const body = (await request.json()) as { n: number }
      return body.n === 1 ? mocklib.HttpResponse.json({ mocked: 1 }) : undefined
    }),
  ]
  const viaFetch = async (n: number) =>
    (await fetch(`${echo.origin}/echo`, { method: 'POST', body: JSON.stringify({ n }) })).text()
  const viaHttp = async (n: number) =>
    (await sendWithNodeRequest(http.request, 'POST', `${echo.origin}/echo`, { json: { n } })).body

  it.each([
    ['ClientRequestInterceptor', () => new ClientRequestInterceptor(), viaHttp],
    ['FetchInterceptor', () => new FetchInterceptor(), viaFetch],
  ] as const)(
    'with %s, a body the resolver read answers, or falls through to the network whole',
    async (_name, make, send) => {
      const server = new SetupServerApi(reading(), [make()])
      server.listen({ onUnhandledRequest: 'bypass' })
      try {
        expect(JSON.parse(await send(1))).toEqual({ mocked: 1 })
        expect(JSON.parse(await send(2))).toEqual({ n: 2 })
        expect(echo.requests.at(-1)?.body.toString('utf8')).toBe('{"n":2}')
      } finally {
        server.close()
      }
    },
  )
})
