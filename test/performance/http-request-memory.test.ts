// An intercepted http.request must not leave anything behind once it is done. The
// @mswjs/interceptors 0.41 mock socket frees its two HTTP parsers without closing them, so
// Node would keep both for the life of the process; mocklib closes them (close-http-parsers.ts).
import http from 'node:http'
import { createRequire } from 'node:module'
import v8 from 'node:v8'
import axios from 'axios'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { http as rest, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

// The parser class Node's http client uses; v8.queryObjects counts its live instances.
const { HTTPParser } = createRequire(import.meta.url)('_http_common') as { HTTPParser: new () => object }

const server = setupServer(rest.get('http://api.test/items/:id', ({ params }) => HttpResponse.json({ id: params.id })))
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

function get(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => resolve(text))
      })
      .on('error', reject)
  })
}

/** Live HTTP parsers, once pending closes (deferred to the next turn) have run. */
async function liveParsers(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 20))
  return v8.queryObjects(HTTPParser, { format: 'count' }) as number
}

it('keeps no HTTP parsers of finished http.request calls', async () => {
  for (let index = 0; index < 20; index++) expect(await get(`http://api.test/items/${index}`)).toBe(`{"id":"${index}"}`)
  const before = await liveParsers()
  for (let index = 0; index < 150; index++) await get(`http://api.test/items/${index}`)
  // Without the fix: two more per request (300). Node may pool a few of its own.
  expect((await liveParsers()) - before).toBeLessThan(20)
}, 60_000)

it('keeps no HTTP parsers of finished axios calls, and answers every one', async () => {
  const before = await liveParsers()
  for (let index = 0; index < 100; index++) {
    expect((await axios.get(`http://api.test/items/${index}`)).data).toEqual({ id: String(index) })
  }
  expect((await liveParsers()) - before).toBeLessThan(20)
}, 60_000)
