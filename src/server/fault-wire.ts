// A fault a resolver answered with (runtime/fault.ts), done to the real socket the mock server
// answers on: a cut body resets the connection (after the bytes before it have left) or, for a
// truncation, ends it short of what Content-Length promised; a stalled body waits for the
// client to leave. The faults before any response are a reset (write-response.ts).
import type { ServerResponse } from 'node:http'
import { faultOf } from '../runtime/fault'

/**
 * Binds `response`'s fault, if it has one, to the socket of `target`; `signal` (made on first
 * use) aborts when the client leaves.
 */
export function wireFault(response: Response, target: ServerResponse, signal: () => AbortSignal): void {
  faultOf(response)?.wire({
    signal: signal(),
    async cut(kind) {
      const socket = target.socket
      if (socket !== null && !socket.destroyed) {
        // The bytes before the cut leave first; then a FIN short of the body, or (below) a reset.
        if (kind === 'truncate') await new Promise<void>((resolve) => socket.end(resolve))
        else await new Promise<void>((resolve) => socket.write('', () => resolve()))
      }
      return new Error(`The mocked connection was cut (${kind}).`)
    },
  })
}
