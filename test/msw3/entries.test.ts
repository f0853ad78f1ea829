// MSW 3's entries (msw/http, msw/graphql, msw/ws, msw/sse, msw/utils/*, msw/vite) as mocklib/*: every value
// msw@3.0.5 exports from an entry, mocklib's entry of the same name exports too, and code
// written for MSW 3 (its migration guide's 3.x snippets) runs with `msw` replaced by `mocklib`.
import * as msw3Root from 'msw3'
import * as msw3Http from 'msw3/http'
import * as msw3Graphql from 'msw3/graphql'
import * as msw3Ws from 'msw3/ws'
import * as msw3Sse from 'msw3/sse'
import * as msw3Bypass from 'msw3/utils/bypass'
import * as msw3Delay from 'msw3/utils/delay'
import * as msw3GetCleanUrlString from 'msw3/utils/get-clean-url-string'
import * as msw3GetResponse from 'msw3/utils/get-response'
import * as msw3IsCommonAssetRequest from 'msw3/utils/is-common-asset-request'
import * as msw3Passthrough from 'msw3/utils/passthrough'
import * as msw3Vite from 'msw3/vite'
import * as root from 'mocklib'
import * as http from 'mocklib/http'
import * as graphql from 'mocklib/graphql'
import * as ws from 'mocklib/ws'
import * as sse from 'mocklib/sse'
import * as utils from 'mocklib/utils'
import * as bypass from 'mocklib/utils/bypass'
import * as delay from 'mocklib/utils/delay'
import * as getCleanUrlString from 'mocklib/utils/get-clean-url-string'
import * as getResponse from 'mocklib/utils/get-response'
import * as isCommonAssetRequest from 'mocklib/utils/is-common-asset-request'
import * as passthrough from 'mocklib/utils/passthrough'
import * as vite from 'mocklib/vite'
import { setupServer } from 'mocklib/node'
import { startRecordingServer } from '../helpers/recording-server'
import { afterEach, describe, expect, it } from 'vitest'

/**
 * Values MSW 3 exports that mocklib does not (docs/migrating-from-msw.md lists them):
 * its subscription classes are types in mocklib (subscriptions are not made with `new`), and
 * the passthrough header is MSW's own mechanism (mocklib marks the response itself).
 */
const NOT_VALUES = new Set([
  'GraphQLSubscription',
  'GraphQLPassthroughSubscription',
  'WebSocketExtension',
  'REQUEST_INTENTION_HEADER_NAME',
  'RequestIntention',
])

const pairs: Array<[string, object, object]> = [
  ['', msw3Root, root],
  ['/http', msw3Http, http],
  ['/graphql', msw3Graphql, graphql],
  ['/ws', msw3Ws, ws],
  ['/sse', msw3Sse, sse],
  ['/utils/bypass', msw3Bypass, bypass],
  ['/utils/delay', msw3Delay, delay],
  ['/utils/get-clean-url-string', msw3GetCleanUrlString, getCleanUrlString],
  ['/utils/get-response', msw3GetResponse, getResponse],
  ['/utils/is-common-asset-request', msw3IsCommonAssetRequest, isCommonAssetRequest],
  ['/utils/passthrough', msw3Passthrough, passthrough],
  ['/vite', msw3Vite, vite],
]

describe("MSW 3's entries", () => {
  it.each(pairs)('mocklib%s exports every value msw%s@3.0.5 exports', (_entry, theirs, ours) => {
    const missing = Object.keys(theirs).filter((name) => !NOT_VALUES.has(name) && !(name in ours))
    expect(missing).toEqual([])
  })

  it("each names mocklib's own functions and classes, the root's ones", () => {
    expect(http.http).toBe(root.http)
    expect(http.HttpResponse).toBe(root.HttpResponse)
    expect(graphql.graphql).toBe(root.graphql)
    expect(graphql.GraphQLHandler).toBe(root.GraphQLHandler)
    expect(ws.ws).toBe(root.ws)
    expect(ws.WebSocketConnectionEvent).toBe(root.WebSocketConnectionEvent)
    expect(sse.sse).toBe(root.sse)
    expect([delay.delay, bypass.bypass, passthrough.passthrough, getResponse.getResponse]).toEqual([
      root.delay,
      root.bypass,
      root.passthrough,
      root.getResponse,
    ])
    expect([utils.delay, utils.bypass, utils.passthrough, utils.isPassthroughResponse]).toEqual([
      root.delay,
      root.bypass,
      root.passthrough,
      root.isPassthroughResponse,
    ])
  })

  it.each(['https://api.test/a?b=1#c', '/user/:id?', '/path?q', 'https://api.test/a#c?d', 'plain', '/user/:id?x=1'])(
    'getCleanUrlString(%s) answers as msw 3.0.5',
    (input) => {
      expect(getCleanUrlString.getCleanUrlString(input)).toBe(msw3GetCleanUrlString.getCleanUrlString(input))
    },
  )

  it('isPassthroughResponse tells passthrough() apart from other responses', () => {
    expect(passthrough.isPassthroughResponse(passthrough.passthrough())).toBe(true)
    expect(passthrough.isPassthroughResponse(http.HttpResponse.text('x'))).toBe(false)
  })
})

describe("MSW 3's migration guide, with the import swapped", () => {
  const server = setupServer()
  afterEach(() => server.close())

  it('handlers from mocklib/http, /graphql (link-first), /sse and mocklib/utils answer', async () => {
    const api = graphql.graphql.link('https://api.example.com/graphql')
    server.resetHandlers(
      http.http.get('https://api.example.com/user', async () => {
        await utils.delay(1)
        return http.HttpResponse.json({ name: 'John' })
      }),
      api.query('GetUser', () => http.HttpResponse.json({ data: { user: { name: 'John' } } })),
      sse.sse('https://api.example.com/stream', ({ client }) => {
        client.send({ data: 'hello' })
        client.close()
      }),
    )
    server.listen({ onUnhandledRequest: 'error' })

    expect(await (await fetch('https://api.example.com/user')).json()).toEqual({ name: 'John' })
    const query = await fetch('https://api.example.com/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query GetUser { user { name } }' }),
    })
    expect(await query.json()).toEqual({ data: { user: { name: 'John' } } })
    const stream = await fetch('https://api.example.com/stream', { headers: { accept: 'text/event-stream' } })
    expect(await stream.text()).toBe('data:hello\n\n')
  })

  it('passthrough() and bypass() from mocklib/utils send the request to the real server', async () => {
    const real = await startRecordingServer((_request, response) => response.end('real'))
    try {
      server.resetHandlers(
        http.http.get(`${real.origin}/passthrough`, () => utils.passthrough()),
        http.http.get(`${real.origin}/bypass`, () => http.HttpResponse.text('mocked')),
      )
      server.listen({ onUnhandledRequest: 'error' })
      expect(await (await fetch(`${real.origin}/passthrough`)).text()).toBe('real')
      expect(await (await fetch(`${real.origin}/bypass`)).text()).toBe('mocked')
      expect(await (await fetch(utils.bypass(`${real.origin}/bypass`))).text()).toBe('real')
      expect(real.requests.map((request) => request.path)).toEqual(['/passthrough', '/bypass'])
    } finally {
      await real.close()
    }
  })

  it('getResponse from mocklib/utils/get-response resolves a request against handlers', async () => {
    const handlers = [http.http.get('https://api.example.com/user', () => http.HttpResponse.json({ name: 'John' }))]
    const response = await getResponse.getResponse(handlers, new Request('https://api.example.com/user'))
    expect(await response?.json()).toEqual({ name: 'John' })
  })
})
