// @vitest-environment jsdom
// A response whose headers init is a Headers of another implementation (whatwg-fetch's, which
// jsdom set-ups install for fetch) reaches an http.request client with those headers and no
// others: a Headers is known by its shape, not by being the platform's class.
import nodeHttp from 'node:http'
import { Headers as PolyfillHeaders } from 'whatwg-fetch'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { expect, it } from 'vitest'

function rawHeadersOf(url: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    // Through the module object: the sources patch its members.
    nodeHttp
      .request(url, (response) => {
        response.resume()
        response.on('end', () => resolve(response.rawHeaders))
      })
      .on('error', reject)
      .end()
  })
}

it.each(['interceptor', 'lean'] as const)(
  'under the %s http source, rawHeaders are the polyfill Headers pairs',
  async (httpSource) => {
    const headers = new PolyfillHeaders({ 'X-Trace': 'abc' })
    headers.append('X-Trace', 'def')
    const server = setupServer(http.get('http://api.test/traced', () => new HttpResponse('ok', { headers })))
    server.listen({ onUnhandledRequest: 'error', httpSource })
    try {
      const raw = await rawHeadersOf('http://api.test/traced')
      expect(raw).not.toContain('map')
      expect(raw.slice(0, 2)).toEqual(['x-trace', 'abc, def'])
    } finally {
      server.close()
    }
  },
)
