// The `mocklib/playwright` entry: cross-process mocking for Playwright Test. One hub (a remote in
// the runner, started by globalSetup) is the remote the app under test asks; each worker runs a
// remote of its own, and each test gets a scope there, registered with the hub and sent by the
// test's browser context as a header, so parallel tests never see each other's overrides.
import { execFileSync } from 'node:child_process'
import { ControlClient } from './control/control-client'
import { createToken } from './control/protocol'
import { REMOTE_ENV } from './remote/remote-env'
import { setupRemoteServer, type SetupRemoteServer } from './remote/remote-server'
import type { RemoteScope } from './remote/remote-scope'
import type { RequestHandler } from './runtime/request-handler'

export type { RemoteScope, SetupRemoteServer }

/**
 * The variables that point the app under test at this run's hub, for `webServer.env`. Chosen once
 * (a free port, a random token) and kept in `process.env`, so the runner, its workers and the app
 * agree.
 */
export function remoteEnv(): Record<string, string> {
  if (!process.env[REMOTE_ENV.url] || !process.env[REMOTE_ENV.token]) {
    process.env[REMOTE_ENV.url] = `http://127.0.0.1:${freePort()}`
    process.env[REMOTE_ENV.token] = createToken()
  }
  return { [REMOTE_ENV.url]: process.env[REMOTE_ENV.url]!, [REMOTE_ENV.token]: process.env[REMOTE_ENV.token]! }
}

// A Playwright config is evaluated synchronously: a child process asks the system for a free port.
function freePort(): number {
  const script =
    "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})"
  return Number(execFileSync(process.execPath, ['-e', script]).toString())
}

/**
 * For `globalSetup`: starts the hub at `remoteEnv()`'s address. `handlers` answer requests that
 * carry no test's scope (and run in the runner). Resolves to the teardown that closes it.
 */
export async function startRemoteHub(...handlers: RequestHandler[]): Promise<() => Promise<void>> {
  const env = remoteEnv()
  const hub = setupRemoteServer(...handlers)
  await hub.listen({ port: Number(new URL(env[REMOTE_ENV.url]!).port), token: env[REMOTE_ENV.token] })
  return () => hub.close()
}

/** What a test's fixtures need of Playwright's browser context. */
export interface HeaderContext {
  setExtraHTTPHeaders(headers: Record<string, string>): Promise<void>
}

type Use<T> = (value: T) => Promise<void>

export interface RemoteWorkerFixtures {
  /** The worker's remote: `remote`'s scopes live here, and resolvers run in the worker. */
  remoteServer: SetupRemoteServer
}

export interface RemoteTestFixtures {
  /** The test's scope: `remote.use(...)` overrides what the app gets for this test's page alone. */
  remote: RemoteScope
}

/**
 * Fixtures for `test.extend<RemoteTestFixtures, RemoteWorkerFixtures>(remoteFixtures(...handlers))`:
 * `handlers` are each worker's initial handlers; every test gets its own scope (`remote`), its
 * header set on the test's browser context, so `page.goto()` and the page's own requests to the
 * app carry it.
 */
export function remoteFixtures(...handlers: RequestHandler[]): {
  remoteServer: [({}: object, use: Use<SetupRemoteServer>) => Promise<void>, { scope: 'worker' }]
  remote: [
    (
      { context, remoteServer }: { context: HeaderContext; remoteServer: SetupRemoteServer },
      use: Use<RemoteScope>,
    ) => Promise<void>,
    { auto: true },
  ]
} {
  return {
    remoteServer: [
      async ({}, use) => {
        const server = setupRemoteServer(...handlers)
        await server.listen()
        await use(server)
        await server.close()
      },
      { scope: 'worker' },
    ],
    remote: [
      async ({ context, remoteServer }, use) => {
        const env = remoteEnv()
        const hub = new ControlClient({ url: env[REMOTE_ENV.url]!, token: env[REMOTE_ENV.token] })
        const scope = remoteServer.createScope()
        await hub.openScope({ scope: scope.id, forward: { url: remoteServer.url, token: remoteServer.token } })
        await context.setExtraHTTPHeaders(scope.headers)
        try {
          await use(scope)
        } finally {
          scope.close()
          await hub.closeScope(scope.id)
        }
      },
      { auto: true },
    ],
  }
}
