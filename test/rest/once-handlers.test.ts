// { once: true }: a handler answers one request, then is skipped until restoreHandlers().
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

const url = 'https://api.test/resource'
const text = async () => (await fetch(url)).text()
const server = setupServer(http.get(url, () => HttpResponse.text('fallback')))

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

/** Resolves once `count` requests have reached mocklib, so that all of them are in flight together. */
function allStarted(count: number): Promise<void> {
  let started = 0
  return new Promise((resolve) => {
    const onStart = () => {
      if (++started < count) return
      server.events.removeListener('request:start', onStart)
      resolve()
    }
    server.events.on('request:start', onStart)
  })
}

it('answers the first request only', async () => {
  server.use(http.get(url, () => HttpResponse.text('once'), { once: true }))
  expect([await text(), await text(), await text()]).toEqual(['once', 'fallback', 'fallback'])
})

it('answers exactly one of many parallel requests', async () => {
  const inFlight = allStarted(25)
  server.use(
    http.get(
      url,
      async () => {
        await inFlight
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
  const inFlight = allStarted(25)
  server.use(
    http.get(
      async () => {
        await inFlight // every request is past the predicate's start before any of them matches
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
