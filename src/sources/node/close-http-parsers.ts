import type { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest'
import { onRequestSocket, type MockSocketLike } from './request-sockets'

/**
 * Works around a leak in @mswjs/interceptors 0.41.x (upstream issue #779): every intercepted
 * http.request creates two HTTP parsers and frees them, but never closes them, so Node keeps
 * both (about 0.7 KB) for the life of the process. Node's own client closes a freed parser
 * it does not pool; we do the same once the mock socket has closed.
 */
export function closeHttpParsers(interceptor: ClientRequestInterceptor): ClientRequestInterceptor {
  return onRequestSocket(interceptor, (socket) => socket.once('close', () => setImmediate(closeParsers, socket)))
}

function closeParsers(socket: MockSocketLike): void {
  for (const parser of [socket.requestParser, socket.responseParser]) {
    try {
      parser?.close?.()
    } catch {
      // Already closed: nothing is held any more.
    }
  }
}
