// `once` and generator progress belong to the boundary that consumed them, so parallel
// tests sharing handler objects never use up each other's handlers.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

const url = 'https://api.test/resource'
const text = async () => (await fetch(url)).text()

const onceHandler = http.get(url, () => HttpResponse.text('once'), { once: true })
const fallback = http.get(url, () => HttpResponse.text('fallback'))
const sequence = http.get('https://api.test/sequence', function* () {
  yield HttpResponse.text('1')
  yield HttpResponse.text('2')
  return HttpResponse.text('last')
})
const step = async () => (await fetch('https://api.test/sequence')).text()

const server = setupServer(onceHandler, fallback, sequence)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.restoreHandlers())
afterAll(() => server.close())

describe('once handlers', () => {
  it('a once handler consumed in one boundary still answers in another', async () => {
    const first = await server.boundary(async () => [await text(), await text()])()
    const second = await server.boundary(async () => [await text(), await text()])()
    expect(first).toEqual(['once', 'fallback'])
    expect(second).toEqual(['once', 'fallback'])
  })

  it('consuming it inside a boundary leaves it unused outside', async () => {
    await server.boundary(async () => text())()
    expect(await text()).toBe('once')
    expect(await text()).toBe('fallback')
  })

  it('parallel boundaries each get the once answer exactly once', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => server.boundary(async () => Promise.all([text(), text(), text()]))()),
    )
    for (const answers of results) {
      expect([...answers].sort()).toEqual(['fallback', 'fallback', 'once'])
    }
  })

  it('restoreHandlers() inside a boundary restores only that boundary', async () => {
    expect(await text()).toBe('once')
    await server.boundary(async () => {
      expect(await text()).toBe('once')
      expect(await text()).toBe('fallback')
      server.restoreHandlers()
      expect(await text()).toBe('once')
    })()
    expect(await text()).toBe('fallback')
  })
})

describe('generator resolvers', () => {
  it('each boundary walks the sequence from the start', async () => {
    const walk = () => server.boundary(async () => [await step(), await step(), await step(), await step()])()
    const [a, b] = await Promise.all([walk(), walk()])
    expect(a).toEqual(['1', '2', 'last', 'last'])
    expect(b).toEqual(['1', '2', 'last', 'last'])
  })

  it('progress made inside a boundary does not move the outer sequence', async () => {
    expect(await step()).toBe('1')
    await server.boundary(async () => {
      expect(await step()).toBe('1')
      expect(await step()).toBe('2')
    })()
    expect(await step()).toBe('2')
    expect(await step()).toBe('last')
  })
})
