import { setupRemoteServer, setupServer } from 'mocklib/node'
import { afterAll, beforeAll } from 'vitest'

type ListenOptions = NonNullable<Parameters<ReturnType<typeof setupServer>['listen']>[0]>
type RemoteOptions = Exclude<NonNullable<ListenOptions['remote']>, true>

/**
 * A remote with `handlers` and an app server in this process that asks it, listening for the
 * file's tests (beforeAll) and closed after them: app and test process in one, over loopback.
 */
export function remoteInProcess(
  handlers: Parameters<typeof setupRemoteServer>,
  remoteOptions: Omit<RemoteOptions, 'url' | 'token'> = {},
): { remote: ReturnType<typeof setupRemoteServer>; app: ReturnType<typeof setupServer> } {
  const remote = setupRemoteServer(...handlers)
  const app = setupServer()
  beforeAll(async () => {
    await remote.listen()
    app.listen({ remote: { ...remoteOptions, url: remote.url, token: remote.token } })
  })
  afterAll(async () => {
    app.close()
    await remote.close()
  })
  return { remote, app }
}
