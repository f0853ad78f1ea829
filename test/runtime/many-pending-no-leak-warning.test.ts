// Many requests pending at once on one server (open event streams, resolvers waiting with a
// finalize() cleanup) all watch the server's lifetime signal: Node must not warn of a listener
// leak (it does at 11 listeners on one AbortSignal), and close() must still end every one.
import { afterEach, expect, it } from 'vitest'
import { delay, http, sse } from 'mocklib'
import { setupServer, type SetupServer } from 'mocklib/node'
import { deferred } from '../helpers/deferred'

const COUNT = 15
let server: SetupServer | undefined
const warnings: string[] = []
const collect = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`)

afterEach(() => {
  server?.close()
  process.off('warning', collect)
  warnings.length = 0
})

/** Lets warnings emitted on the next tick arrive. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

it(`${COUNT} open event streams on one server: no listener-leak warning, close() ends them all`, async () => {
  process.on('warning', collect)
  server = setupServer(sse('https://api.test/stream', ({ client }) => client.send({ data: 'open' })))
  server.listen()
  const readers = await Promise.all(
    Array.from({ length: COUNT }, async () => {
      const response = await fetch('https://api.test/stream', { headers: { accept: 'text/event-stream' } })
      const reader = response.body!.getReader()
      await reader.read() // the first event: the stream is open and its handler watches the server
      return reader
    }),
  )
  await nextTurn()
  expect(warnings.filter((text) => text.includes('MaxListeners'))).toEqual([])
  server.close()
  for (const reader of readers) expect((await reader.read()).done).toBe(true)
})

it(`${COUNT} resolvers pending with finalize(): no listener-leak warning, close() runs every cleanup`, async () => {
  process.on('warning', collect)
  let started = 0
  const allStarted = deferred()
  let cleaned = 0
  const allCleaned = deferred()
  server = setupServer(
    http.get('https://api.test/slow', async ({ finalize }) => {
      finalize(() => {
        if (++cleaned === COUNT) allCleaned.resolve()
      })
      if (++started === COUNT) allStarted.resolve()
      await delay('infinite')
    }),
  )
  server.listen()
  const client = new AbortController()
  const pending = Array.from({ length: COUNT }, () =>
    fetch('https://api.test/slow', { signal: client.signal }).catch((error: Error) => error.name),
  )
  await allStarted.promise
  await nextTurn()
  expect(warnings.filter((text) => text.includes('MaxListeners'))).toEqual([])
  server.close()
  await allCleaned.promise
  expect(cleaned).toBe(COUNT)
  // A resolver that never settles leaves its request pending after close(); the client gives up.
  client.abort()
  expect(new Set(await Promise.all(pending))).toEqual(new Set(['AbortError']))
})
