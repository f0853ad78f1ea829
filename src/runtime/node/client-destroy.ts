import type { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest'
import { onRequestSocket } from './request-sockets'

type Emit = (event: string | symbol, ...args: unknown[]) => boolean
type Destroy = (error?: Error) => unknown

/** The interceptor's mock socket, as far as this file touches it. */
interface MockSocket {
  emit: Emit
  destroy: Destroy
  _handle?: unknown
  originalSocket?: { _handle?: unknown; destroyed: boolean; destroy(): unknown }
}

/**
 * `request.destroy(error)` on an intercepted `http.request` ends it once and safely, as on a
 * real socket. While a request passes through, the interceptor's mock socket shares the
 * connection handle of the real socket it opened; destroying the mock socket closed that
 * handle under the real socket, which then either reported "connect ECANCELED" as a second
 * 'error' (MSW's regression test for its issue #2617) or, if the connection completed on the
 * closing handle, aborted the whole process in libuv. Now the real socket is destroyed first
 * and keeps its handle, and the mock socket emits at most one 'error', as Node's streams do.
 */
export function safeClientDestroy(interceptor: ClientRequestInterceptor): ClientRequestInterceptor {
  return onRequestSocket(interceptor, (socket) => {
    const target = socket as unknown as MockSocket
    const { emit, destroy } = target
    let errored = false
    target.emit = function (this: unknown, event, ...args) {
      if (event === 'error') {
        if (errored) {
          // The forwarder copied the real socket's `_hadError` (false) first; Node's client
          // reads it on close and would report a second error ("socket hang up").
          Reflect.set(target, '_hadError', true)
          return false
        }
        errored = true
      }
      return emit.call(this, event, ...args)
    }
    target.destroy = function (this: MockSocket, error) {
      const real = this.originalSocket
      if (real !== undefined && real._handle !== undefined && this._handle === real._handle) {
        this._handle = null
        if (!real.destroyed) real.destroy()
      }
      return destroy.call(this, error)
    }
  })
}
