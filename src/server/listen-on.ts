// Opening a port for a real server (the mock server's, the remote's endpoint): a port in use is
// refused with a coded error saying what to change, rather than Node's bare EADDRINUSE.
import type { Server } from 'node:net'
import { MocklibTypeError } from '../runtime/errors'
import { format } from '../runtime/messages'

/** Listens on `host:port`; `advice` finishes the message when the port is in use. */
export function listenOn(server: Server, port: number, host: string, advice: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const refuse = (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EADDRINUSE') return reject(error)
      const message = format(`Port ${port} on ${host} is in use; ${advice}.`)
      reject(new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', message, { cause: error }))
    }
    server.once('error', refuse)
    server.listen(port, host, () => {
      server.off('error', refuse)
      resolve()
    })
  })
}
