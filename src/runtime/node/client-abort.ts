import type { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest'
import { onRequestSocket } from './request-sockets'

const signals = new WeakMap<Request, AbortSignal>()

/**
 * An intercepted `http.request` has no abort signal of its own: the `Request` the interceptor
 * builds never aborts, even when the client gives up (`request.destroy()`, an axios abort).
 * The mock socket closing is that moment; this records it as a signal per request.
 */
export function watchClientAborts(interceptor: ClientRequestInterceptor): ClientRequestInterceptor {
  return onRequestSocket(interceptor, (socket, request) => {
    if (request === undefined) return
    const controller = new AbortController()
    socket.once('close', () => controller.abort())
    signals.set(request, controller.signal)
  })
}

/** Aborted when the client gives up on the request: fetch's own signal, or the socket's close. */
export function clientSignal(request: Request): AbortSignal {
  return signals.get(request) ?? request.signal
}
