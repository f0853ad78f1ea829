// Chaos on the page's WebSockets in Chromium (setupWorker patches the page's WebSocket): a drop
// is seen as a real server's lost connection is (close 1006, not clean, with no error), and the
// same seed drops the same connections after the same messages, wrapped or as worker.start({ chaos }).
import { createServer } from 'node:http'
import { WebSocketServer } from 'ws'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { usePageSession } from './harness'

const session = usePageSession()
const http = createServer()
// A real server that sends two ticks, then loses the connection (no close frame).
const real = new WebSocketServer({ server: http })
real.on('connection', (socket, request) => {
  socket.send('tick 1')
  const tcp = request.socket
  socket.send('tick 2', () => (request.url === '/reset' ? tcp.resetAndDestroy() : socket.terminate()))
})
let realUrl = ''

beforeAll(async () => {
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()))
  realUrl = `ws://127.0.0.1:${(http.address() as { port: number }).port}/`
})
afterAll(async () => {
  real.close()
  http.closeAllConnections()
  await new Promise((resolve) => http.close(resolve))
})

/**
 * In the page: the worker started with `chaos` as an option (`wrap: false`) or around the
 * handler (`wrap: true`), a ticker handler (four ticks), and `count` sessions to
 * `url`, each what the page's WebSocket saw. Chaos' outcomes with them.
 */
function sessions(
  url: string,
  count: number,
  chaos: { rate: number; dropAfter: unknown; seed: number },
  wrap: boolean,
) {
  return session.tab.page.evaluate(
    async ({ url, count, chaos, wrap }) => {
      const { createChaos, setupWorker, ws } = window.mocklib
      const made = createChaos({ ...chaos, faults: ['drop'] } as Parameters<typeof createChaos>[0])
      const ticker = ws.link('wss://ticks.test/').addEventListener('connection', ({ client }) => {
        for (let tick = 1; tick <= 4; tick++) client.send(`tick ${tick}`)
      })
      const worker = setupWorker(...(wrap ? made.wrap(ticker) : [ticker]))
      await worker.start({ quiet: true, onUnhandledRequest: 'bypass', chaos: wrap ? undefined : made })
      const seen: string[] = []
      for (let index = 0; index < count; index++) {
        seen.push(
          await new Promise<string>((resolve) => {
            const events: string[] = []
            const socket = new WebSocket(url)
            socket.addEventListener('message', (event) => {
              // The client closes once it has all four ticks.
              if (events.push(String(event.data)) === 4) socket.close(1000)
            })
            socket.addEventListener('error', () => events.push('error'))
            socket.addEventListener('close', (event) => {
              events.push(`close ${event.code} ${event.wasClean ? 'clean' : 'not clean'}`)
              resolve(events.join(', '))
            })
          }),
        )
      }
      await worker.stop()
      return { seen, outcomes: made.outcomes.map((outcome) => outcome.fault ?? 'none') }
    },
    { url, count, chaos, wrap },
  )
}

it('a dropped connection is seen as a real server that loses it: the messages before, then close 1006', async () => {
  // Chromium fires no error for a connection lost after the open, whether the server's socket
  // ends (a FIN) or is reset.
  const fromReal = (await sessions(realUrl, 1, { rate: 0, dropAfter: 0, seed: 1 }, false)).seen
  expect(fromReal).toEqual(['tick 1, tick 2, close 1006 not clean'])
  expect((await sessions(`${realUrl}reset`, 1, { rate: 0, dropAfter: 0, seed: 1 }, false)).seen).toEqual(fromReal)
  const dropped = await sessions('wss://ticks.test/', 1, { rate: 1, dropAfter: 2, seed: 1 }, false)
  expect(dropped).toEqual({ seen: fromReal, outcomes: ['drop'] })
})

it('the same seed drops the same connections after the same messages, wrapped or as the worker option', async () => {
  const chaos = { rate: 0.5, dropAfter: { min: 0, max: 3 }, seed: 11 }
  const wrapped = await sessions('wss://ticks.test/', 8, chaos, true)
  expect(wrapped.seen).toContain('tick 1, tick 2, tick 3, tick 4, close 1000 clean')
  expect(wrapped.outcomes.filter((fault) => fault === 'drop').length).toBeGreaterThan(1)
  expect(wrapped.outcomes).toEqual(wrapped.seen.map((seen) => (seen.endsWith('1006 not clean') ? 'drop' : 'none')))
  expect(await sessions('wss://ticks.test/', 8, chaos, false)).toEqual(wrapped)
  expect(await sessions('wss://ticks.test/', 8, { ...chaos, seed: 12 }, false)).not.toEqual(wrapped)
})
