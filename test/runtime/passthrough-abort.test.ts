// A fetch the client aborts while its passthrough waits on the real server: the client sees its
// AbortError, and nothing is left rejecting unhandled (with either fetch source).
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { http as rest, passthrough } from 'mocklib'
import { setupServer, type SetupServer } from 'mocklib/node'
import { deferred } from '../helpers/deferred'
import { rejectionOf } from '../helpers/rejection'

let origin = ''
let arrived = deferred()
let closed = deferred()
const silent = http.createServer((request) => {
  // Holds the request without answering, so the passthrough is still waiting when the client aborts.
  request.socket.once('close', () => closed.resolve())
  arrived.resolve()
})
beforeAll(async () => {
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => silent.close(() => resolve())))

let server: SetupServer | undefined
afterEach(() => server?.close())

it.each(['lean', 'interceptor'] as const)(
  'fetch source %s: aborting a passed-through fetch rejects it with AbortError, nothing unhandled',
  async (fetchSource) => {
    arrived = deferred()
    closed = deferred()
    const unhandled: unknown[] = []
    const collect = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', collect)
    try {
      server = setupServer(rest.get(`${origin}/slow`, () => passthrough()))
      server.listen({ fetchSource })
      const controller = new AbortController()
      const pending = fetch(`${origin}/slow`, { signal: controller.signal })
      await arrived.promise
      controller.abort()
      expect((await rejectionOf(pending)).name).toBe('AbortError')
      await closed.promise
      // Rejections are reported once the microtask queue drains: one full turn later they are in.
      await new Promise((resolve) => setImmediate(resolve))
      expect(unhandled).toEqual([])
    } finally {
      process.off('unhandledRejection', collect)
    }
  },
)
