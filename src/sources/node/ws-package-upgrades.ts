import http from 'node:http'
import https from 'node:https'
import type { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest'
import type { ConnectionListener } from '../../ws/intercepted-websocket'
import { answerUpgrade, offeredProtocols } from '../../websocket-wire/upgrade-bridge'
import { HandshakeSocket } from './ws-handshake-socket'

type RequestFunction = typeof http.request

/** The listener for a handshake that a handler of the listening server would take; undefined otherwise. */
export type UpgradeRoute = (url: URL, protocols: string[] | undefined) => ConnectionListener | undefined

/** A WebSocket handshake sent with http.request, read from the call's arguments. */
interface HandshakeCall {
  readonly url: URL
  readonly key: string
  readonly protocols: string[] | undefined
  readonly options: Record<string, unknown>
}

/**
 * The `ws` package (and clients given it as their WebSocket class, as graphql-ws's
 * `webSocketImpl`) opens a connection with `http.request` and `Upgrade: websocket`, then speaks
 * RFC 6455 frames on the socket of the request's `upgrade` event. A handshake that a `ws`
 * handler would take is answered here, before the ClientRequest interceptor (whose mock socket
 * speaks HTTP only): Node's own http.request runs with an in-memory socket
 * (ws-handshake-socket.ts) bridged to a `WebSocketConnection`, exactly as an undici WebSocket's
 * handshake is (websocket-wire/upgrade-bridge.ts). Every other request goes to the interceptor.
 */
export function answerWebSocketUpgrades(
  interceptor: ClientRequestInterceptor,
  route: UpgradeRoute,
  real: () => typeof WebSocket,
): ClientRequestInterceptor {
  const setup: unknown = Reflect.get(interceptor, 'setup')
  if (typeof setup !== 'function') return interceptor
  Reflect.set(interceptor, 'setup', function (this: unknown) {
    const originals = [http.request, http.get, https.request, https.get] as const
    // The real connection of `server.connect()` (platform-websocket.ts).
    const Real = real()
    setup.call(this)
    // The interceptor's own teardown puts the originals back, which removes these wrappers too.
    http.request = routeUpgrades(http.request, originals[0], 'ws:', route, Real)
    http.get = routeUpgrades(http.get, originals[1], 'ws:', route, Real)
    https.request = routeUpgrades(https.request, originals[2], 'wss:', route, Real)
    https.get = routeUpgrades(https.get, originals[3], 'wss:', route, Real)
  })
  return interceptor
}

function routeUpgrades<F extends RequestFunction>(
  patched: F,
  original: F,
  scheme: 'ws:' | 'wss:',
  route: UpgradeRoute,
  Real: typeof WebSocket,
): F {
  return new Proxy(patched, {
    apply: (target, thisArg, args: unknown[]) => {
      const call = readHandshake(args, scheme)
      const listener = call === undefined ? undefined : route(call.url, call.protocols)
      if (call === undefined || listener === undefined) return Reflect.apply(target, thisArg, args)
      const socket = new HandshakeSocket(call.url.href)
      const options = { ...call.options, agent: undefined, createConnection: () => socket }
      const rest = args.filter((arg) => typeof arg === 'function')
      const request: unknown = Reflect.apply(original, thisArg, [options, ...rest])
      answerUpgrade({ url: call.url, key: call.key, protocols: call.protocols }, socket, listener, Real)
      return request
    },
  })
}

/** The handshake in `http.request(options)` (how `ws` calls it); undefined for any other call. */
function readHandshake(args: readonly unknown[], scheme: 'ws:' | 'wss:'): HandshakeCall | undefined {
  const [options] = args
  if (typeof options !== 'object' || options === null || options instanceof URL) return undefined
  const record = options as Record<string, unknown>
  const headers = record.headers
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) return undefined
  const header = (name: string): string | undefined => {
    for (const [key, value] of Object.entries(headers))
      if (key.toLowerCase() === name && typeof value === 'string') return value
    return undefined
  }
  if (header('upgrade')?.toLowerCase() !== 'websocket' || record.socketPath !== undefined) return undefined
  const host = String(record.hostname ?? record.host ?? 'localhost')
  const port = record.port === undefined || record.port === null || record.port === '' ? '' : `:${String(record.port)}`
  let url: URL
  try {
    url = new URL(
      `${scheme}//${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}${port}${String(record.path ?? '/')}`,
    )
  } catch {
    return undefined
  }
  return {
    url,
    key: header('sec-websocket-key') ?? '',
    protocols: offeredProtocols(header('sec-websocket-protocol')),
    options: record,
  }
}
