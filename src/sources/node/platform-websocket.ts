import { format } from '../../runtime/messages'
import { toNetwork } from '../node-shared/network-scope'

/**
 * The platform's WebSocket (captured before mocklib patches the global), making its real
 * sockets past mocklib's other sources: what `server.connect()` opens for a client mocklib
 * speaks frames with itself (ws-package-upgrades.ts, handshake-requests.ts). Where there is none
 * (Node 20 without --experimental-websocket), a class that says so when `server.connect()` needs it.
 */
export function platformWebSocket(Platform: typeof WebSocket | undefined): typeof WebSocket {
  if (Platform !== undefined) {
    return new Proxy(Platform, {
      construct: (target, args, newTarget) => toNetwork(() => Reflect.construct(target, args, newTarget) as object),
    })
  }
  return class NoWebSocket {
    constructor(url: string) {
      // eslint-disable-next-line mocklib/coded-argument-errors -- this Node has no WebSocket, not an argument
      throw new Error(
        format(
          `server.connect() needs the platform's WebSocket to reach ${url}, and this Node has none. ` +
            'Run Node 22 or later (or Node 20 with --experimental-websocket) to connect this client to the real server.',
        ),
      )
    }
  } as unknown as typeof WebSocket
}
