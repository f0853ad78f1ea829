import type { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest'

interface ParserLike {
  close?: () => void
}

interface MockSocketLike {
  once(event: 'close', listener: () => void): unknown
  requestParser?: ParserLike
  responseParser?: ParserLike
}

type OnRequest = (args: { socket?: MockSocketLike }) => Promise<void>

/**
 * Works around a leak in @mswjs/interceptors 0.41.x (upstream issue #779): every intercepted
 * http.request creates two HTTP parsers and frees them, but never closes them, so Node keeps
 * both (about 0.7 KB) for the life of the process. Node's own client closes a freed parser
 * it does not pool; we do the same once the mock socket has closed.
 *
 * It wraps the interceptor's internal request hook, which is where the socket is visible.
 * Another interceptors version without that hook simply goes unwrapped.
 */
export function closeHttpParsers(interceptor: ClientRequestInterceptor): ClientRequestInterceptor {
  const onRequest: unknown = Reflect.get(interceptor, 'onRequest')
  if (typeof onRequest !== 'function') return interceptor
  const wrapped: OnRequest = function (this: unknown, args) {
    const socket = args?.socket
    if (socket !== undefined && typeof socket.once === 'function') {
      socket.once('close', () => setImmediate(closeParsers, socket))
    }
    return (onRequest as OnRequest).call(this, args)
  }
  Reflect.set(interceptor, 'onRequest', wrapped)
  return interceptor
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
