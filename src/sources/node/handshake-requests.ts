import type { ConnectionListener } from '../../ws/intercepted-websocket'
import { isBypassed } from '../../runtime/bypass'
import { HttpResponse } from '../../runtime/http-response'
import type { UpgradedSocket } from '../../websocket-wire/upgraded-socket'
import { answerUpgrade, readUpgrade, type UpgradeChannel } from '../../websocket-wire/upgrade-bridge'
import { headOf, requestOf, type SourceRequest } from '../../runtime/request-draft'
import type { UpgradeRoute } from './ws-package-upgrades'

/**
 * A WebSocket handshake that reaches a server as an HTTP request: a GET with `Upgrade: websocket`
 * and a `Sec-WebSocket-Key`, sent with fetch or with http.request in another form than the `ws`
 * package's (which ws-package-upgrades.ts answers before the interceptor). When a `ws` handler
 * would take its URL (http(s) read as ws(s)), the connection pipeline takes it as it takes an
 * undici WebSocket's handshake (websocket-wire/upgrade-bridge.ts: the same connection, 101 and
 * accept key), and the request is answered with that 101 once the handlers let the connection
 * open; a connection they refuse (a listener threw) fails the request. Such a client cannot speak
 * frames over a fetch response, so the connection's application side is the bridge's socket,
 * which nobody reads: the handlers get the connection, frames they send go nowhere, as in MSW.
 * Returns undefined for every other request (and for one sent with `bypass()`).
 */
export function answerHandshakeRequest(
  source: SourceRequest,
  route: UpgradeRoute,
  real: () => typeof WebSocket,
): Promise<Response> | undefined {
  const head = headOf(source)
  if (head.method !== 'GET' || head.headers.get('upgrade')?.toLowerCase() !== 'websocket' || isBypassed(head))
    return undefined
  const request = requestOf(source)
  const upgrade = readUpgrade(request)
  if (upgrade.key === '') return undefined
  const listener: ConnectionListener | undefined = route(upgrade.url, upgrade.protocols)
  if (listener === undefined) return undefined
  return new Promise((resolve, reject) => {
    const channel: UpgradeChannel = {
      upgrade(status: number, headers: Headers, socket: UpgradedSocket) {
        // Flowing with no reader: frames sent to this client are dropped, not buffered.
        socket.resume()
        resolve(new HttpResponse(null, { status, headers }))
      },
      fail: reject,
      onAbort: undefined,
    }
    answerUpgrade(upgrade, channel, listener, real())
  })
}
