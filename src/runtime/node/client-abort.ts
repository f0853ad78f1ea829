import type { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest'
import { onRequestSocket } from './request-sockets'

/** Whether a request's mock socket closed, and the signal made for it if someone asked. */
interface SocketClose {
  closed: boolean
  controller: AbortController | undefined
}

const closes = new WeakMap<Request, SocketClose>()

/**
 * An intercepted `http.request` has no abort signal of its own: the `Request` the interceptor
 * builds never aborts, even when the client gives up (`request.destroy()`, an axios abort).
 * The mock socket closing is that moment; this records it per request. The signal is made only
 * when the pipeline asks for it (a resolver's `finalize`, a stream that outlives the request):
 * aborting one costs a `DOMException`, a sixth of what mocklib adds to an `http.request`.
 */
export function watchClientAborts(interceptor: ClientRequestInterceptor): ClientRequestInterceptor {
  return onRequestSocket(interceptor, (socket, request) => {
    if (request === undefined) return
    const close: SocketClose = { closed: false, controller: undefined }
    socket.once('close', () => {
      close.closed = true
      close.controller?.abort()
    })
    closes.set(request, close)
  })
}

/**
 * Aborted when the client gives up on the request: fetch's own signal, or (http.request) a
 * function that makes the socket's signal on first use, as the pipeline accepts.
 */
export function clientSignal(request: Request): AbortSignal | (() => AbortSignal) {
  const close = closes.get(request)
  if (close === undefined) return request.signal
  return () => {
    if (close.controller === undefined) {
      close.controller = new AbortController()
      if (close.closed) close.controller.abort()
    }
    return close.controller.signal
  }
}
