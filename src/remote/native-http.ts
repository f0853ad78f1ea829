import http from 'node:http'
import https from 'node:https'

// Node's own functions, taken when this module loads, before a listening server's interceptors
// replace the modules' exports: the remote's own requests (an app asking its remote, a hub
// forwarding to a test worker) must never be intercepted themselves.
const requests = { 'http:': http.request, 'https:': https.request }

/** `http.request` or `https.request` for the URL's scheme, as Node made them. */
export function nativeRequest(url: URL, options: http.RequestOptions): http.ClientRequest {
  return requests[url.protocol === 'https:' ? 'https:' : 'http:'](url, options)
}
