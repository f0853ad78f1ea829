// { once: true }: a handler answers one request, then is skipped until restoreHandlers().
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { delay, http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

const url = 'https://api.test/resource'
const text = async () => (await fetch(url)).text()
const server = setupServer(http.get(url, () => HttpResponse.text('fallback')))

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

it('answers the first request only', async () => {
  server.use(http.get(url, () => HttpResponse.text('once'), { once: true }))
  expect([await text(), await text(), await text()]).toEqual(['once', 'fallback', 'fallback'])
})

it('answers exactly one of many parallel requests', async () => {
  server.use(
    http.get(
      url,
      async () => {
        await delay(5)
        return HttpResponse.text('once')
      },
      { once: true },
    ),
  )
  const answers = await Promise.all(Array.from({ length: 25 }, text))
  expect(answers.filter((answer) => answer === 'once')).toHaveLength(1)
  expect(answers.filter((answer) => answer === 'fallback')).toHaveLength(24)
})

it('answers exactly one parallel request even behind an async custom predicate', async () => {
  server.use(
    http.get(
      async () => {
        await delay(Math.floor(Math.random() * 5))
        return true
      },
      () => HttpResponse.text('once'),
      { once: true },
    ),
  )
  const answers = await Promise.all(Array.from({ length: 25 }, text))
  expect(answers.filter((answer) => answer === 'once')).toHaveLength(1)
})

it('counts as used even when its resolver falls through', async () => {
  let calls = 0
  server.use(
    http.get(
      url,
      () => {
        calls++
      },
      { once: true },
    ),
  )
  expect([await text(), await text()]).toEqual(['fallback', 'fallback'])
  expect(calls).toBe(1)
})

it('is not consumed by requests it does not match', async () => {
  server.use(
    http.post(url, () => HttpResponse.text('posted once'), { once: true }),
    http.post(url, () => HttpResponse.text('posted again')),
  )
  expect(await text()).toBe('fallback')
  expect(await (await fetch(url, { method: 'POST' })).text()).toBe('posted once')
  expect(await (await fetch(url, { method: 'POST' })).text()).toBe('posted again')
})

it('answers again after restoreHandlers()', async () => {
  server.use(http.get(url, () => HttpResponse.text('once'), { once: true }))
  expect(await text()).toBe('once')
  server.restoreHandlers()
  expect([await text(), await text()]).toEqual(['once', 'fallback'])
})
