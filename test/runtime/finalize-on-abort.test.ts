// finalize() cleanups of a resolver that never settles run when the client gives up — with
// fetch's signal, a destroyed http.request, an axios abort — and when the server closes.
import http from 'node:http'
import axios from 'axios'
import { afterEach, expect, it } from 'vitest'
import { delay, http as rest } from 'mocklib'
import { setupServer, type SetupServer } from 'mocklib/node'

let server: SetupServer | undefined
afterEach(() => server?.close())

/** A server whose one handler registers a cleanup (clearing an interval), then never answers. */
function pendingForever() {
  const log: string[] = []
  let started!: () => void
  const resolverStarted = new Promise<void>((resolve) => (started = resolve))
  let cleaned!: () => void
  const cleanedUp = new Promise<void>((resolve) => (cleaned = resolve))
  server = setupServer(
    rest.post('http://api.test/slow', async ({ finalize }) => {
      const timer = setInterval(() => {}, 60_000)
      finalize(() => {
        clearInterval(timer)
        log.push('cleanup')
        cleaned()
      })
      started()
      await delay('infinite')
    }),
  )
  server.listen()
  return { log, resolverStarted, cleanedUp }
}

it('fetch aborted by its signal', async () => {
  const { log, resolverStarted, cleanedUp } = pendingForever()
  const controller = new AbortController()
  const pending = fetch('http://api.test/slow', { method: 'POST', body: 'x', signal: controller.signal }).catch(
    (error: Error) => error.name,
  )
  await resolverStarted
  controller.abort()
  expect(await pending).toBe('AbortError')
  await cleanedUp
  expect(log).toEqual(['cleanup'])
})

it('http.request destroyed by the client', async () => {
  const { log, resolverStarted, cleanedUp } = pendingForever()
  const request = http.request('http://api.test/slow', { method: 'POST' })
  const failed = new Promise<string>((resolve) =>
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message)),
  )
  request.end('x')
  await resolverStarted
  request.destroy()
  await failed
  await cleanedUp
  expect(log).toEqual(['cleanup'])
})

it('axios aborted by its signal', async () => {
  const { log, resolverStarted, cleanedUp } = pendingForever()
  const controller = new AbortController()
  const pending = axios
    .post('http://api.test/slow', 'x', { signal: controller.signal })
    .catch((error: Error) => error.name)
  await resolverStarted
  controller.abort()
  expect(await pending).toBe('CanceledError')
  await cleanedUp
  expect(log).toEqual(['cleanup'])
})

it('the server closing while the resolver is pending', async () => {
  const { log, resolverStarted, cleanedUp } = pendingForever()
  const controller = new AbortController()
  const pending = fetch('http://api.test/slow', { method: 'POST', body: 'x', signal: controller.signal }).catch(
    () => 'ended',
  )
  await resolverStarted
  server?.close()
  await cleanedUp
  expect(log).toEqual(['cleanup'])
  controller.abort()
  await pending
  // Once: the abort after the close runs nothing again.
  expect(log).toEqual(['cleanup'])
})
