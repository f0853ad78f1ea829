import type { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest'

/** What mocklib touches of the interceptor's mock socket. */
export interface MockSocketLike {
  once(event: 'close', listener: () => void): unknown
  requestParser?: { close?: () => void }
  responseParser?: { close?: () => void }
}

type OnRequest = (args: { request?: Request; socket?: MockSocketLike }) => Promise<void>

/**
 * Calls `onSocket` with each request the ClientRequest interceptor catches and its mock
 * socket, before the request is handled. It wraps the interceptor's internal request hook,
 * which is where the socket is visible; another interceptors version without that hook simply
 * goes unwrapped.
 */
export function onRequestSocket(
  interceptor: ClientRequestInterceptor,
  onSocket: (socket: MockSocketLike, request: Request | undefined) => void,
): ClientRequestInterceptor {
  const onRequest: unknown = Reflect.get(interceptor, 'onRequest')
  if (typeof onRequest !== 'function') return interceptor
  const wrapped: OnRequest = function (this: unknown, args) {
    const socket = args?.socket
    if (socket !== undefined && typeof socket.once === 'function') onSocket(socket, args.request)
    return (onRequest as OnRequest).call(this, args)
  }
  Reflect.set(interceptor, 'onRequest', wrapped)
  return interceptor
}
