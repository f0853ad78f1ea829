// MSW 3's options and events under msw@3.0.5 and mocklib: onUnhandledFrame (strategies and the
// { frame, defaults } callback, for HTTP and WebSocket frames), request:match with its handler,
// websocket:connection.
import { once } from 'node:events'
import { WebSocketServer } from 'ws'
import { describe, expect, it, onTestFinished } from 'vitest'
import type { RequestHandler } from 'mocklib'
import { consoleCalls, withServer } from '../parity/harness'
import { startRecordingServer } from '../helpers/recording-server'
import { fetchOutcome3, runBoth3, type Lib3 } from './harness'

/** A rejected fetch as 'rejected' (how it rejects differs, pinned below), any other outcome as it is. */
function failedOrOutcome(outcome: unknown): unknown {
  return typeof outcome === 'object' && outcome !== null && 'rejected' in outcome ? 'rejected' : outcome
}

function userHandler(lib: Lib3): RequestHandler {
  const { http, HttpResponse } = lib.http
  return http.get('https://api.test/user', () => HttpResponse.json({ name: 'John' }))
}

describe('onUnhandledFrame strategies', () => {
  it.each(['warn', 'error', 'bypass'] as const)("'%s': the console and the outcome are msw 3's", async (strategy) => {
    const outcomes = await runBoth3(async (lib) => {
      const real = await startRecordingServer((_request, response) => response.end('real'))
      onTestFinished(() => real.close())
      return await withServer(lib, [userHandler(lib)], { onUnhandledFrame: strategy }, async () =>
        consoleCalls(async () => [
          failedOrOutcome(await fetchOutcome3(`${real.origin}/unknown`)),
          await fetchOutcome3('https://api.test/user'),
        ]),
      )
    })
    expect(outcomes.mocklib).toEqual(outcomes.msw3)
  })
})

describe('differs: how fetch rejects under onUnhandledFrame: error', () => {
  it('mocklib rejects with the error as msw 2 does; msw 3 with a TypeError whose cause it is', async () => {
    const outcomes = await runBoth3(async (lib) =>
      withServer(lib, [], { onUnhandledFrame: 'error' }, async () =>
        consoleCalls(() => fetchOutcome3('https://api.test/unknown')).then(({ result }) => result),
      ),
    )
    expect(outcomes).toEqual({ msw3: { rejected: 'TypeError', cause: 'Error' }, mocklib: { rejected: 'Error' } })
  })
})

describe('onUnhandledFrame callback', () => {
  it('gets an http frame and a ws frame, and defaults.warn() warns', async () => {
    const outcomes = await runBoth3(async (lib) => {
      const real = await startRecordingServer((_request, response) => response.end('real'))
      const sockets = new WebSocketServer({ host: '127.0.0.1', port: 0 })
      await once(sockets, 'listening')
      const wsUrl = `ws://127.0.0.1:${(sockets.address() as { port: number }).port}/live`
      const frames: string[] = []
      try {
        return await withServer(
          lib,
          [userHandler(lib)],
          {
            onUnhandledFrame({ frame, defaults }) {
              const url = frame.protocol === 'http' ? frame.data.request.url : frame.data.connection.client.url.href
              frames.push(`${frame.protocol} ${url.replace(/:\d+/, ':PORT')}`)
              if (url.endsWith('/warned')) defaults.warn()
            },
          },
          async () => {
            const { calls } = await consoleCalls(async () => {
              await fetch(`${real.origin}/quiet`)
              await fetch(`${real.origin}/warned`)
              const socket = new WebSocket(wsUrl)
              await once(socket, 'open')
              socket.close()
            })
            return { frames, calls }
          },
        )
      } finally {
        await real.close()
        for (const client of sockets.clients) client.terminate()
        sockets.close()
      }
    })
    expect(outcomes.mocklib).toEqual(outcomes.msw3)
    expect(outcomes.mocklib.frames).toEqual([
      'http http://127.0.0.1:PORT/quiet',
      'http http://127.0.0.1:PORT/warned',
      'ws ws://127.0.0.1:PORT/live',
    ])
  })
})

describe('events', () => {
  it("'request:match' carries the handler that took the request; the events come in msw 3's order", async () => {
    const outcomes = await runBoth3(async (lib) => {
      const handler = userHandler(lib)
      return withServer(lib, [handler], { onUnhandledFrame: 'bypass' }, async (server) => {
        const seen: string[] = []
        let matchedHandler: unknown
        const ended = new Promise<void>((resolve) => {
          server.events.on('request:start', () => seen.push('request:start'))
          server.events.on('request:match', ({ handler: matched }) => {
            matchedHandler = matched
            seen.push('request:match')
          })
          server.events.on('request:end', () => seen.push('request:end'))
          server.events.on('response:mocked', () => {
            seen.push('response:mocked')
            resolve()
          })
        })
        await (await fetch('https://api.test/user')).text()
        await ended
        return { seen, same: matchedHandler === handler }
      })
    })
    expect(outcomes.mocklib).toEqual(outcomes.msw3)
    expect(outcomes.mocklib.same).toBe(true)
  })

  it("'websocket:connection' gives the socket's url and protocols", async () => {
    const outcomes = await runBoth3(async (lib) => {
      const chat = lib.ws.ws.link('wss://chat.test/room')
      const handler = chat.addEventListener('connection', ({ client }) => client.send('hi'))
      return withServer(lib, [handler], {}, async (server) => {
        const connected = new Promise<{ url: string; protocols: unknown }>((resolve) =>
          server.events.on('websocket:connection', ({ url, protocols }) => resolve({ url: url.href, protocols })),
        )
        const socket = new WebSocket('wss://chat.test/room', ['v1', 'v2'])
        const [message] = await once(socket, 'message')
        socket.close()
        return { event: await connected, message: (message as MessageEvent).data }
      })
    })
    expect(outcomes.mocklib).toEqual(outcomes.msw3)
    expect(outcomes.mocklib).toEqual({ event: { url: 'wss://chat.test/room', protocols: ['v1', 'v2'] }, message: 'hi' })
  })
})
