import type { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest'
import { onRequestSocket } from './request-sockets'

/** The interceptor's mock socket, as far as this file touches it. */
interface MockSocket {
  destroy(error?: Error): unknown
  _handle?: unknown
  originalSocket?: { _handle?: unknown; destroyed: boolean; destroy(): unknown }
}

const patched = new WeakSet<object>()

/**
 * `request.destroy(error)` on an intercepted `http.request` ends it once and safely, as on a
 * real socket. While a request passes through, the interceptor's mock socket shares the
 * connection handle of the real socket it opened; destroying the mock socket closed that
 * handle under the real socket, which then reported "connect ECANCELED" as a second 'error'
 * (MSW's regression test for its issue #2617) or, if the connection completed on the closing
 * handle, aborted the whole process in libuv. Now the real socket is destroyed first, with its
 * own handle, and a destroyed socket's pending connection ends quietly, as Node's do. Patched
 * once on the mock socket class, so a request costs nothing more.
 */
export function safeClientDestroy(interceptor: ClientRequestInterceptor): ClientRequestInterceptor {
  return onRequestSocket(interceptor, (socket) => {
    const prototype = Object.getPrototypeOf(socket) as MockSocket | null
    if (prototype === null || patched.has(prototype) || typeof prototype.destroy !== 'function') return
    patched.add(prototype)
    const destroy = prototype.destroy
    prototype.destroy = function (this: MockSocket, error?: Error) {
      const real = this.originalSocket
      if (real !== undefined && real._handle != null && this._handle === real._handle) {
        this._handle = null
        if (!real.destroyed) real.destroy()
      }
      return destroy.call(this, error)
    }
  })
}
