import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { hasToken, headerNames, headerValue, routes } from '../control/protocol'
import { isAbsoluteUrl } from '../runtime/is-url'
import { offeredProtocols } from '../websocket-wire/upgrade-bridge'
import { bridgeUpgrade, refuseUpgrade } from '../server/websocket-upgrade'
import type { ResolveHost } from './answer-resolve'

/**
 * `GET /__mocklib/websocket` (an upgrade) in the test process: an app process offers one of its
 * WebSocket connections (`x-mocklib-url`, `x-mocklib-scope`, the client's subprotocols) to the
 * scope's `ws` handlers. A handler that takes it gets the 101 and frames both ways, as a mock
 * server's client would; none taking it is a 404, which sends the app to its own handlers. A
 * scope that ends drops its connections.
 */
export function answerRemoteUpgrade(
  incoming: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  host: ResolveHost,
  token: string,
): void {
  const path = (incoming.url ?? '/').split('?')[0]
  if (path !== routes.websocket) return refuseUpgrade(socket, 404, `${path} takes no upgrade: see docs/remote.md.`)
  if (!hasToken(incoming.headers.authorization, token)) {
    return refuseUpgrade(
      socket,
      401,
      'This route needs the header Authorization: Bearer <token>, with the token of remote.env().',
    )
  }
  const href = headerValue(incoming.headers[headerNames.url])
  const url = isAbsoluteUrl(href ?? '') ? new URL(href!) : undefined
  if (url === undefined) return refuseUpgrade(socket, 400, `${headerNames.url} must be the connection's absolute URL.`)
  const id = headerValue(incoming.headers[headerNames.scope])
  const scope = host.scope(id)
  if (scope === undefined) {
    return refuseUpgrade(
      socket,
      409,
      `The scope ${id} is not open in the test process (its test ended) for ${url.href}.`,
    )
  }
  if ('forward' in scope) {
    return refuseUpgrade(
      socket,
      501,
      `The scope ${id} is held by another test process: WebSockets are not relayed to it.`,
    )
  }
  if (scope.ended.aborted) return refuseUpgrade(socket, 409, `The scope ${id} ended before ${url.href} opened.`)
  const drop = () => socket.destroy()
  scope.ended.addEventListener('abort', drop, { once: true })
  socket.once('close', () => scope.ended.removeEventListener('abort', drop))
  const target = {
    url,
    key: headerValue(incoming.headers['sec-websocket-key']),
    protocols: offeredProtocols(headerValue(incoming.headers['sec-websocket-protocol'])),
  }
  bridgeUpgrade(socket, head, target, scope.list, host.pipeline())
}
