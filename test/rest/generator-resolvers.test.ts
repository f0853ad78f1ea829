// Generator resolvers answer a sequence, then repeat their last response.
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import { delay, http, HttpResponse, type HttpResponseResolver } from 'mocklib'
import { setupServer } from 'mocklib/node'

const server = setupServer()
const url = 'https://api.test/poll'
const text = async () => (await fetch(url)).text()

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

it('yields a sequence, then repeats the returned response for every later request', async () => {
  server.use(
    http.get(url, function* () {
      yield HttpResponse.text('pending')
      yield HttpResponse.text('running')
      return HttpResponse.text('done')
    }),
  )
  const answers = []
  for (let index = 0; index < 5; index++) answers.push(await text())
  expect(answers).toEqual(['pending', 'running', 'done', 'done', 'done'])
})

it('keeps status and headers of the repeated response', async () => {
  server.use(
    http.get(url, function* () {
      yield HttpResponse.text('first')
      return HttpResponse.json({ final: true }, { status: 202, headers: { 'x-step': 'last' } })
    }),
  )
  await text()
  for (let index = 0; index < 3; index++) {
    const response = await fetch(url)
    expect(response.status).toBe(202)
    expect(response.statusText).toBe('Accepted')
    expect(response.headers.get('x-step')).toBe('last')
    expect(await response.json()).toEqual({ final: true })
  }
})

it('with no return value, repeats the last yielded response', async () => {
  server.use(
    http.get(url, function* () {
      yield HttpResponse.text('a')
      yield HttpResponse.text('b')
    }),
  )
  expect([await text(), await text(), await text(), await text()]).toEqual(['a', 'b', 'b', 'b'])
})

it('async generators and awaited steps work the same', async () => {
  server.use(
    http.get(url, async function* () {
      await delay(1)
      yield HttpResponse.text('one')
      await delay(1)
      return HttpResponse.text('two')
    }),
  )
  expect([await text(), await text(), await text()]).toEqual(['one', 'two', 'two'])
})

it('a generator behind an async wrapper (a higher-order resolver) still answers its sequence', async () => {
  const paused =
    (resolver: HttpResponseResolver): HttpResponseResolver =>
    async (info) => {
      await delay(1)
      return resolver(info)
    }
  server.use(
    http.get(
      url,
      paused(function* () {
        yield HttpResponse.text('first')
        return HttpResponse.text('then')
      }),
    ),
  )
  expect([await text(), await text(), await text()]).toEqual(['first', 'then', 'then'])
})

it('a yielded undefined falls through for that request only', async () => {
  server.use(
    http.get(url, function* () {
      yield undefined
      return HttpResponse.text('generator')
    }),
    http.get(url, () => HttpResponse.text('next handler')),
  )
  expect([await text(), await text(), await text()]).toEqual(['next handler', 'generator', 'generator'])
})

it('with { once: true }, answers the whole sequence once, then steps aside', async () => {
  server.use(
    http.get(
      url,
      function* () {
        yield HttpResponse.text('1')
        yield HttpResponse.text('2')
        return HttpResponse.text('3')
      },
      { once: true },
    ),
    http.get(url, () => HttpResponse.text('fallback')),
  )
  expect([await text(), await text(), await text(), await text(), await text()]).toEqual([
    '1',
    '2',
    '3',
    'fallback',
    'fallback',
  ])
})

it('state belongs to the handler, not to the URL: different params share one sequence', async () => {
  server.use(
    http.get('https://api.test/jobs/:id', function* ({ params }) {
      yield HttpResponse.text(`first for ${params.id}`)
      return HttpResponse.text('finished')
    }),
  )
  expect(await (await fetch('https://api.test/jobs/1')).text()).toBe('first for 1')
  expect(await (await fetch('https://api.test/jobs/2')).text()).toBe('finished')
})

it('a generator that throws answers 500', async () => {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => {})
  server.use(
    http.get(url, function* () {
      yield HttpResponse.text('ok')
      throw new Error('generator broke')
    }),
  )
  expect(await text()).toBe('ok')
  const response = await fetch(url)
  expect(response.status).toBe(500)
  expect(await response.json()).toMatchObject({ message: 'generator broke' })
  spy.mockRestore()
})

it('a generator left mid-way by resetHandlers() or restoreHandlers() runs its finalize() cleanups (MSW drops them)', async () => {
  const log: string[] = []
  const polling = (name: string, options?: { once: boolean }) =>
    http.get(
      url,
      function* ({ finalize }) {
        const timer = setInterval(() => {}, 60_000)
        finalize(() => {
          clearInterval(timer)
          log.push(`${name} cleaned up`)
        })
        yield HttpResponse.text('first')
        return HttpResponse.text('last')
      },
      options,
    )
  server.use(polling('reset'))
  expect(await text()).toBe('first')
  server.resetHandlers()
  expect(log).toEqual(['reset cleaned up'])

  server.use(polling('restored', { once: true }))
  expect(await text()).toBe('first')
  server.restoreHandlers()
  expect(log).toEqual(['reset cleaned up', 'restored cleaned up'])
})
