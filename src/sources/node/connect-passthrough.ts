import http from 'node:http'
import https from 'node:https'
import type { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest'

type RequestFunction = typeof http.request

/**
 * A CONNECT request opens a tunnel through an HTTP proxy (the `tunnel` and `tunnel-agent`
 * packages send one with `http.request({ method: 'CONNECT', path: 'host:port' })`). Its target
 * is an authority, not a URL, so the ClientRequest interceptor of @mswjs/interceptors 0.41 cannot
 * build a Request from it and `http.request()` throws "Invalid URL". A tunnel is no request for
 * handlers to answer: it goes to the proxy through Node's own functions, and the requests later
 * sent through the tunnel are intercepted as usual.
 */
export function passThroughConnect(interceptor: ClientRequestInterceptor): ClientRequestInterceptor {
  const setup: unknown = Reflect.get(interceptor, 'setup')
  if (typeof setup !== 'function') return interceptor
  Reflect.set(interceptor, 'setup', function (this: unknown) {
    const originals = [http.request, http.get, https.request, https.get] as const
    setup.call(this)
    // The interceptor's own teardown puts the originals back, which removes these wrappers too.
    http.request = routeConnect(http.request, originals[0])
    http.get = routeConnect(http.get, originals[1])
    https.request = routeConnect(https.request, originals[2])
    https.get = routeConnect(https.get, originals[3])
  })
  return interceptor
}

function routeConnect<F extends RequestFunction>(patched: F, original: F): F {
  return new Proxy(patched, {
    apply: (target, thisArg, args: unknown[]) => Reflect.apply(isConnect(args) ? original : target, thisArg, args),
  })
}

function isConnect(args: readonly unknown[]): boolean {
  return args.some((arg) => {
    if (typeof arg !== 'object' || arg === null || arg instanceof URL) return false
    const method: unknown = Reflect.get(arg, 'method')
    return typeof method === 'string' && method.toUpperCase() === 'CONNECT'
  })
}
