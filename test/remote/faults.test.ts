// The app process when its test process is missing, stops mid-request, comes back, or hangs;
// and when it holds the wrong token. Each app here is an Express app spawned with `node`.
import http from 'node:http'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { HttpResponse, delay, http as rest } from 'mocklib'
import { setupRemoteServer } from 'mocklib/node'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { spawnApp, type SpawnedApp } from './spawn-app'

let upstream: http.Server
let upstreamUrl: string
const started: SpawnedApp[] = []

beforeAll(async () => {
  upstream = http.createServer((req, res) => res.end(`real ${req.url}`))
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`
})

afterAll(async () => {
  for (const app of started) await app.stop()
  upstream?.close()
})

async function spawn(file: string, env: Record<string, string>, serves = true): Promise<SpawnedApp> {
  const app = await spawnApp(file, env, [], serves)
  started.push(app)
  return app
}

async function forward(app: SpawnedApp, path: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${app.origin}/forward?${new URLSearchParams({ url: `${upstreamUrl}${path}` })}`)
  return { status: response.status, text: await response.text() }
}

it('a test process that stops mid-request fails that request naming it; the app falls back, then reconnects when it returns', async () => {
  const remote = await spawn('remote-process.mjs', { UPSTREAM: upstreamUrl }, false)
  const env = await remote.next<Record<string, string>>('env')
  const app = await spawn('express-app.mjs', env)
  expect(await forward(app, '/who')).toEqual({ status: 200, text: 'child remote' })

  const resolving = remote.next('resolving')
  const pending = forward(app, '/hang')
  await resolving
  remote.child.kill('SIGKILL')
  const failed = await pending
  expect(failed.status).toBe(502)
  expect(JSON.parse(failed.text).error).toContain(
    `The remote at ${env.MOCKLIB_REMOTE_URL} stopped while resolving GET ${upstreamUrl}/hang`,
  )

  // Gone: the fallback ('local': the app's handlers, then its onUnhandledRequest, bypass) answers.
  expect(await forward(app, '/who')).toEqual({ status: 200, text: 'real /who' })

  // Back on the same address: the app uses it again, with no restart of its own.
  const { port } = new URL(env.MOCKLIB_REMOTE_URL)
  const again = await spawn(
    'remote-process.mjs',
    { UPSTREAM: upstreamUrl, REMOTE_PORT: port, REMOTE_TOKEN: env.MOCKLIB_REMOTE_TOKEN },
    false,
  )
  await again.next('env')
  expect(await forward(app, '/who')).toEqual({ status: 200, text: 'child remote' })
})

it('a remote that never takes the request: the fallback after the timeout, never a hang', async () => {
  const silent = net.createServer(() => {})
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`
  const env = { MOCKLIB_REMOTE_URL: url, MOCKLIB_REMOTE_TOKEN: 'a-token-of-sixteen-chars', APP_REMOTE_TIMEOUT: '300' }
  const failing = await spawn('express-app.mjs', { ...env, APP_REMOTE_FALLBACK: 'error' })
  const failed = await forward(failing, '/x')
  expect(failed.status).toBe(502)
  expect(JSON.parse(failed.text).error).toContain(
    `The remote at ${url} did not take GET ${upstreamUrl}/x within 300 ms`,
  )
  const passing = await spawn('express-app.mjs', { ...env, APP_REMOTE_FALLBACK: 'passthrough' })
  expect(await forward(passing, '/x')).toEqual({ status: 200, text: 'real /x' })
  silent.close()
})

it('a resolver slower than the app’s timeout still answers: the remote acknowledged the request', async () => {
  // The remote acknowledges (102) only an answer that is not ready at once: this one waits past the app's timeout.
  const remote = setupRemoteServer(
    rest.get(`${upstreamUrl}/slow`, async () => {
      await delay(2000)
      return HttpResponse.text('slow remote')
    }),
  )
  await remote.listen()
  const env = { ...remote.env(), APP_REMOTE_TIMEOUT: '1000', APP_REMOTE_FALLBACK: 'error' }
  const app = await spawn('express-app.mjs', env)
  expect(await forward(app, '/slow')).toEqual({ status: 200, text: 'slow remote' })
  await remote.close()
})

it('an app holding the wrong token is refused with a message that says which token to give', async () => {
  const remote = await spawn('remote-process.mjs', { UPSTREAM: upstreamUrl }, false)
  const env = await remote.next<Record<string, string>>('env')
  const app = await spawn('express-app.mjs', { ...env, MOCKLIB_REMOTE_TOKEN: 'not-the-token-of-this-remote' })
  const refused = await forward(app, '/who')
  expect(refused.status).toBe(502)
  expect(JSON.parse(refused.text).error).toMatch(
    /did not resolve GET .*Authorization: Bearer.*remote\.env\(\), MOCKLIB_REMOTE_TOKEN/,
  )
})
