import type { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest'
import { LazyAbort } from '../../runtime/lazy-abort-signal'
import { onRequestSocket } from './request-sockets'

const aborts = new WeakMap<Request, LazyAbort>()

/**
 * An intercepted `http.request` has no abort signal of its own: the `Request` the interceptor
 * builds never aborts, even when the client gives up (`request.destroy()`, an axios abort).
 * The mock socket closing is that moment; this records it per request. The signal is made only
 * when the pipeline asks for it (a resolver's `finalize`, a stream that outlives the request):
 * aborting one on every close cost a `DOMException` per request.
 */
export function watchClientAborts(interceptor: ClientRequestInterceptor): ClientRequestInterceptor {
  return onRequestSocket(interceptor, (socket, request) => {
    if (request !== undefined) watchClose(socket, request)
  })
}

/** Records the moment the socket of `request` closes: the client gave up, or the exchange ended. */
export function watchClose(socket: { once(event: 'close', listener: () => void): unknown }, request: Request): void {
  const abort = new LazyAbort()
  socket.once('close', () => abort.abort())
  recordClientAbort(request, abort)
}

/** What clientSignal() gives for `request`: another way its client can give up (xhr-give-up.ts). */
export function recordClientAbort(request: Request, abort: LazyAbort): void {
  aborts.set(request, abort)
}

/**
 * Aborted when the client gives up on the request: fetch's own signal, or (http.request) a
 * function that makes the socket's signal on first use, as the pipeline accepts.
 */
export function clientSignal(request: Request): AbortSignal | (() => AbortSignal) {
  return aborts.get(request)?.signal ?? request.signal
}
