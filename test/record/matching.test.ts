// Which requests a recording answers: the match options, volatile headers, repeated requests.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { setupServer } from 'mocklib/node'
import { createRecorder, fromHar, type HarEntry } from 'mocklib/record'
import { har, harEntry } from '../helpers/har-entries'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const entry = (method: string, url: string, answer: string, request: Partial<HarEntry['request']> = {}): HarEntry =>
  harEntry(method, url, { text: answer }, request)
/** The recorded answer, or "network" when the request went on (to a host that does not exist). */
const answer = (input: string, init?: RequestInit) =>
  fetch(input, init).then(
    (response) => response.text(),
    () => 'network',
  )

it('compares query parameters in any order, or without some, or not at all', async () => {
  const recorded = har(entry('GET', 'https://api.test/search?q=books&page=1&_=123', 'found'))
  server.use(...fromHar(recorded))
  expect(await answer('https://api.test/search?page=1&_=123&q=books')).toBe('found')
  expect(await answer('https://api.test/search?page=1&_=999&q=books')).toBe('network')

  server.resetHandlers(...fromHar(recorded, { match: { query: { ignore: ['_'] } } }))
  expect(await answer('https://api.test/search?page=1&_=999&q=books')).toBe('found')
  expect(await answer('https://api.test/search?page=2&_=999&q=books')).toBe('network')

  server.resetHandlers(...fromHar(recorded, { match: { query: false } }))
  expect(await answer('https://api.test/search')).toBe('found')

  // Two recordings with other match options in one list: each keys the request its own way.
  const strict = har(entry('GET', 'https://api.test/search?q=other', 'strict'))
  server.resetHandlers(...fromHar(strict), ...fromHar(recorded, { match: { query: false } }))
  expect(await answer('https://api.test/search?q=other')).toBe('strict')
  expect(await answer('https://api.test/search?q=third')).toBe('found')
  server.resetHandlers()
})

it('keys on the origin, port included: a recording answers only the scheme, host and port it was made against', async () => {
  server.use(...fromHar(har(entry('GET', 'https://api.test:8443/posts', 'recorded'))))
  expect(await answer('https://api.test:8443/posts')).toBe('recorded')
  expect(await answer('https://api.test:9443/posts')).toBe('network')
  expect(await answer('https://api.test/posts')).toBe('network')
  expect(await answer('http://api.test:8443/posts')).toBe('network')
})

it('ignores headers unless named, and compares JSON bodies whatever their key order unless told not to', async () => {
  const recorded = har(
    entry('POST', 'https://api.test/items', 'created', {
      headers: [
        { name: 'accept-language', value: 'en' },
        { name: 'x-request-id', value: 'one' },
      ],
      postData: { mimeType: 'application/json', text: '{"name":"pen","tags":["a","b"]}' },
    }),
  )
  const post = (body: string, headers: Record<string, string> = {}) =>
    answer('https://api.test/items', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    })

  server.use(...fromHar(recorded))
  expect(await post('{ "tags": ["a", "b"], "name": "pen" }', { 'x-request-id': 'two', 'accept-language': 'fr' })).toBe(
    'created',
  )
  expect(await post('{"name":"pen","tags":["b","a"]}')).toBe('network')

  server.resetHandlers(...fromHar(recorded, { match: { headers: ['Accept-Language'] } }))
  expect(await post('{"name":"pen","tags":["a","b"]}', { 'accept-language': 'en', 'x-request-id': 'three' })).toBe(
    'created',
  )
  expect(await post('{"name":"pen","tags":["a","b"]}', { 'accept-language': 'fr' })).toBe('network')

  server.resetHandlers(...fromHar(recorded, { match: { body: false } }))
  expect(await post('{"name":"pencil"}')).toBe('created')
  server.resetHandlers()
})

it('replays repeated requests in recorded order, then the last answer; rewind() starts over', async () => {
  const recorder = createRecorder({
    har: har(entry('GET', 'https://api.test/tick', 'one'), entry('GET', 'https://api.test/tick', 'two')),
    mode: 'lockdown',
  })
  server.use(recorder.handler)
  const ticks = async () => [
    await answer('https://api.test/tick'),
    await answer('https://api.test/tick'),
    await answer('https://api.test/tick'),
  ]
  expect(await ticks()).toEqual(['one', 'two', 'two'])
  recorder.rewind()
  expect(await answer('https://api.test/tick')).toBe('one')
})

it('counts repeats per scope: two parallel boundaries each replay from the first answer, interleaved', async () => {
  const recorder = createRecorder({
    har: har(entry('GET', 'https://api.test/tick', 'one'), entry('GET', 'https://api.test/tick', 'two')),
    mode: 'lockdown',
  })
  server.use(recorder.handler)
  const tick = () => answer('https://api.test/tick')
  const signal = () => {
    let resolve!: () => void
    return { promise: new Promise<void>((done) => (resolve = done)), resolve }
  }
  const [firstInA, firstInB] = [signal(), signal()]
  // A asks, then B, then each goes on: with one count per recorder, B would get 'two' first.
  const inA = server.boundary(async () => {
    const first = await tick()
    firstInA.resolve()
    await firstInB.promise
    return [first, await tick(), await tick()]
  })()
  const inB = server.boundary(async () => {
    await firstInA.promise
    const first = await tick()
    firstInB.resolve()
    return [first, await tick(), await tick()]
  })()
  expect(await Promise.all([inA, inB])).toEqual([
    ['one', 'two', 'two'],
    ['one', 'two', 'two'],
  ])
  // The server's own scope has its own count too; rewind() starts every scope over.
  expect(await tick()).toBe('one')
  expect(await server.boundary(async () => [await tick(), (recorder.rewind(), await tick())])()).toEqual(['one', 'one'])
})

it('refuses a value that is not a HAR, naming what is wrong', () => {
  expect(() => fromHar({ entries: [] } as never)).toThrow(
    'The HAR given to fromHar() is not a HAR file mocklib can read: it has no "log" object',
  )
})
