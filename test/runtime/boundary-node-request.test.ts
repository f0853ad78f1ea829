// Boundaries follow requests made with http.request (ClientRequest), not only fetch: the
// override must be found from the async context the request was started in.
import http from 'node:http'
import { afterAll, beforeAll, expect, it } from 'vitest'
import axios from 'axios'
import { http as rest, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

const url = 'http://api.test/who'
const server = setupServer(rest.get(url, () => HttpResponse.text('initial')))

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

function get(): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (body += chunk))
        response.on('end', () => resolve(body))
      })
      .on('error', reject)
  })
}

it('http.get inside a boundary sees its override, and outside does not', async () => {
  const inside = await server.boundary(async () => {
    server.use(rest.get(url, () => HttpResponse.text('inside')))
    return get()
  })()
  expect(inside).toBe('inside')
  expect(await get()).toBe('initial')
})

it('parallel boundaries using http.get and axios each see their own override', async () => {
  // No boundary sends a request before all 30 overrides exist.
  let overridden = 0
  let allOverridden!: () => void
  const barrier = new Promise<void>((resolve) => (allOverridden = resolve))
  const results = await Promise.all(
    Array.from({ length: 30 }, (_, index) =>
      server.boundary(async () => {
        server.use(rest.get(url, () => HttpResponse.text(`boundary ${index}`)))
        if (++overridden === 30) allOverridden()
        await barrier
        const viaHttp = await get()
        const viaAxios = (await axios.get<string>(url, { responseType: 'text' })).data
        return [viaHttp, viaAxios]
      })(),
    ),
  )
  results.forEach((pair, index) => expect(pair).toEqual([`boundary ${index}`, `boundary ${index}`]))
})
