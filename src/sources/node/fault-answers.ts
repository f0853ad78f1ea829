import type { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest'
import { isConnectionFault, type Fault } from '../../runtime/fault'
import { connectionError, cutError, fetchFailed, fetchTerminated } from '../node-shared/fault-errors'
import { onRequestSocket } from './request-sockets'
import type { RequestVia } from './source-contract'

interface DestroyableSocket {
  destroy(error?: Error): unknown
  emit(event: 'error', error: Error): unknown
  listenerCount(event: 'error'): number
}

const sockets = new WeakMap<Request, DestroyableSocket>()

/** Keeps each intercepted `http.request`'s mock socket, which a reset after some bytes destroys. */
export function rememberFaultSockets(interceptor: ClientRequestInterceptor): ClientRequestInterceptor {
  return onRequestSocket(interceptor, (socket, request) => {
    if (request !== undefined) rememberFaultSocket(socket, request)
  })
}

/** Keeps the socket an `http.request` client reads `request`'s answer from (the interceptor's or the lean source's). */
export function rememberFaultSocket(socket: object, request: Request): void {
  if (typeof (socket as Partial<DestroyableSocket>).destroy === 'function') sockets.set(request, socket as never)
}

/**
 * Readies a fault answer (runtime/fault.ts) for the client that sent `request`, so it fails as
 * against a real server failing that way: returns the error to fail the request with for a
 * fault before any response (fetch wraps the socket error in `fetch failed`), else wires the
 * body's cut: fetch's `terminated`; for `http.request` a reset destroys the socket with the
 * socket's error, and a close short of the body is the interceptor's own close (Node's
 * `aborted`); XMLHttpRequest sees a network error either way.
 */
export function readyFault(fault: Fault, request: Request, via: RequestVia, signal: AbortSignal): Error | undefined {
  if (isConnectionFault(fault)) {
    const error = connectionError(fault.kind, new URL(request.url))
    return via === 'fetch' ? fetchFailed(error) : error
  }
  const socket = via === 'http' ? sockets.get(request) : undefined
  fault.wire({
    signal,
    async cut(cutKind) {
      const error = cutError(cutKind)
      if (via === 'fetch') return fetchTerminated(error)
      if (cutKind === 'reset-after' && socket !== undefined) {
        // The bytes before the reset reach the client's parser a tick after they are pushed.
        await new Promise((resolve) => setImmediate(resolve))
        // One 'error', as a real socket's: the mock socket's destroy(error) emits it twice, and
        // the second, after the client removed its listener, would be thrown.
        if (socket.listenerCount('error') > 0) socket.emit('error', error)
        socket.destroy()
      }
      return error
    },
  })
  return undefined
}
