// The `mocklib/remote` entry, for apps that never import mocklib: `node --import mocklib/remote app.js`
// (or NODE_OPTIONS) with the variables of the test process's `remote.env()`. Loading it starts a
// server whose requests go to that remote first, then out to the network as they would without it.
import { setupServer, type SetupServer } from './node'
import { format } from './runtime/messages'
import { REMOTE_ENV } from './remote/remote-env'

function start(): SetupServer | undefined {
  if (!process.env[REMOTE_ENV.url]) {
    console.warn(
      format(
        `mocklib/remote is loaded but ${REMOTE_ENV.url} is not set: nothing is mocked in this process. Pass the variables of remote.env().`,
      ),
    )
    return undefined
  }
  const started = setupServer()
  started.listen({ remote: true, onUnhandledRequest: 'bypass' })
  return started
}

/** The server this entry started (undefined when the environment names no remote): add local handlers with `server.use()`. */
export const server: SetupServer | undefined = start()
