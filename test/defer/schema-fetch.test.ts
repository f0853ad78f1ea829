// The schema executor answers @defer/@stream in the format the request's Accept names, read
// here part by part with fetch (test/helpers/multipart-reader.ts).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { setupServer } from 'mocklib/node'
import { readMultipartJson } from '../helpers/multipart-reader'
import { createHeroApi, LEGACY_ACCEPT, V02_ACCEPT } from './fixtures/hero-api'

const URI = 'https://api.test/graphql'
const api = createHeroApi()
const server = setupServer(api.handler(URI))

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  api.reset()
})
afterAll(() => server.close())

const HERO_QUERY = /* GraphQL */ `
  query Hero {
    hero {
      id
      ... @defer(label: "HeroName") {
        name
        ... @defer(label: "HeroHome") {
          home { name }
        }
      }
    }
  }
`

function post(query: string, accept: string | null) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (accept !== null) headers.accept = accept
  return fetch(URI, { method: 'POST', headers, body: JSON.stringify({ query }) })
}

async function allParts(response: Response): Promise<unknown[]> {
  const parts: unknown[] = []
  for await (const part of readMultipartJson(response)) parts.push(part)
  return parts
}

describe('@defer from the schema executor, read with fetch', () => {
  it('deferSpec=20220824: the initial data, then each labelled (nested) fragment by path', async () => {
    const response = await post(HERO_QUERY, LEGACY_ACCEPT)
    expect(response.headers.get('content-type')).toBe('multipart/mixed; boundary="-"')
    const parts = await allParts(response)
    expect(parts[0]).toEqual({ data: { hero: { id: '1' } }, hasNext: true })
    // The order of sibling and nested fragments is the executor's; each has its path and label.
    const entries = parts.slice(1).flatMap((part) => (part as { incremental: unknown[] }).incremental)
    expect(entries).toHaveLength(2)
    expect(entries).toEqual(
      expect.arrayContaining([
        { data: { name: 'Luke' }, path: ['hero'], label: 'HeroName' },
        { data: { home: { name: 'Tatooine' } }, path: ['hero'], label: 'HeroHome' },
      ]),
    )
    expect((parts.at(-1) as { hasNext: boolean }).hasNext).toBe(false)
  })

  it('incrementalSpec=v0.2: pending ids with labels, incremental by id, then completed', async () => {
    const parts = (await allParts(await post(HERO_QUERY, V02_ACCEPT))) as Array<Record<string, unknown>>
    const pending = parts[0].pending as Array<{ id: string; path: unknown[]; label: string }>
    expect(parts[0]).toEqual({ data: { hero: { id: '1' } }, pending, hasNext: true })
    const idOf = (label: string) => pending.find((entry) => entry.label === label)!.id
    expect(pending.map(({ path, label }) => ({ path, label })).sort((a, b) => a.label.localeCompare(b.label))).toEqual([
      { path: ['hero'], label: 'HeroHome' },
      { path: ['hero'], label: 'HeroName' },
    ])
    expect(parts.slice(1).flatMap((part) => part.incremental as unknown[])).toEqual(
      expect.arrayContaining([
        { id: idOf('HeroName'), data: { name: 'Luke' } },
        { id: idOf('HeroHome'), data: { home: { name: 'Tatooine' } } },
      ]),
    )
    const completed = parts.slice(1).flatMap((part) => part.completed as Array<{ id: string }>)
    expect(completed.map((entry) => entry.id).sort()).toEqual([idOf('HeroHome'), idOf('HeroName')].sort())
    expect(parts.at(-1)!.hasNext).toBe(false)
  })

  it('a client that accepts no multipart gets one complete JSON result', async () => {
    for (const accept of [null, 'application/graphql-response+json, application/json;q=0.9']) {
      const response = await post(HERO_QUERY, accept)
      expect(response.headers.get('content-type')).toMatch(/^application\/(graphql-response\+)?json/)
      expect(await response.json()).toEqual({ data: { hero: { id: '1', name: 'Luke', home: { name: 'Tatooine' } } } })
    }
  })

  it('@stream(initialCount): the first items at once, the rest as items at their index', async () => {
    const query = '{ colors @stream(initialCount: 2) }'
    const legacy = (await allParts(await post(query, LEGACY_ACCEPT))) as Array<Record<string, unknown>>
    expect(legacy[0]).toEqual({ data: { colors: ['red', 'green'] }, hasNext: true })
    const legacyItems = legacy
      .slice(1)
      .flatMap((part) => (part.incremental as Array<{ items: string[]; path: unknown[] }>) ?? [])
    expect(legacyItems.flatMap((entry) => entry.items)).toEqual(['blue', 'black'])
    expect(legacyItems[0].path).toEqual(['colors', 2])

    const modern = (await allParts(await post(query, V02_ACCEPT))) as Array<Record<string, unknown>>
    expect(modern[0]).toEqual({
      data: { colors: ['red', 'green'] },
      pending: [{ id: '0', path: ['colors'] }],
      hasNext: true,
    })
    const modernItems = modern
      .slice(1)
      .flatMap((part) => (part.incremental as Array<{ id: string; items: string[] }>) ?? [])
    expect(modernItems.flatMap((entry) => entry.items)).toEqual(['blue', 'black'])
    expect(modern.slice(1).flatMap((part) => (part.completed as unknown[]) ?? [])).toEqual([{ id: '0' }])
  })

  it('an error in a deferred fragment arrives with that fragment, in both formats', async () => {
    const query = '{ hero { id ... @defer(label: "Secret") { secret } } }'
    const legacy = (await allParts(await post(query, LEGACY_ACCEPT))) as Array<Record<string, unknown>>
    const entry = (legacy[1].incremental as Array<Record<string, unknown>>)[0]
    expect(entry).toMatchObject({
      data: null,
      path: ['hero'],
      label: 'Secret',
      errors: [{ message: 'The secret is classified.', path: ['hero', 'secret'] }],
    })

    const modern = (await allParts(await post(query, V02_ACCEPT))) as Array<Record<string, unknown>>
    expect(modern[1]).toMatchObject({
      completed: [{ id: '0', errors: [{ message: 'The secret is classified.', path: ['hero', 'secret'] }] }],
      hasNext: false,
    })
    expect(modern[1].incremental).toBeUndefined()
  })

  it('hold(): the initial payload arrives while the held part waits for release()', async () => {
    const held = api.hold('HeroName')
    const response = await post('{ hero { id ... @defer(label: "HeroName") { name } } }', LEGACY_ACCEPT)
    const parts = readMultipartJson(response)
    expect((await parts.next()).value).toEqual({ data: { hero: { id: '1' } }, hasNext: true })
    await held.reached
    held.release()
    expect((await parts.next()).value).toEqual({
      incremental: [{ data: { name: 'Luke' }, path: ['hero'], label: 'HeroName' }],
      hasNext: false,
    })
    expect((await parts.next()).done).toBe(true)
  })
  it('a hold on one fragment lets the others through: a payload with several parts is split, in both formats', async () => {
    const query = '{ hero { id ... @defer(label: "A") { name } ... @defer(label: "B") { home { name } } } }'
    for (const accept of [LEGACY_ACCEPT, V02_ACCEPT]) {
      const held = api.hold('B')
      const parts = readMultipartJson(await post(query, accept))
      expect((await parts.next()).value).toMatchObject({ data: { hero: { id: '1' } }, hasNext: true })
      const a = (await parts.next()).value as { incremental: Array<{ data: unknown }>; hasNext: boolean }
      expect(a.incremental).toEqual([expect.objectContaining({ data: { name: 'Luke' } })])
      expect(a.hasNext).toBe(true)
      await held.reached
      held.release()
      const b = (await parts.next()).value as { incremental: Array<{ data: unknown }>; hasNext: boolean }
      expect(b.incremental).toEqual([expect.objectContaining({ data: { home: { name: 'Tatooine' } } })])
      expect(b.hasNext).toBe(false)
      expect((await parts.next()).done).toBe(true)
    }
  })
  it('refuses bad incremental options and holds with messages that say what to pass', () => {
    expect(() => createHeroApi({ incremental: { delay: -1 } })).toThrow(
      /incremental\.delay is -1; it must be a number of milliseconds ≥ 0/,
    )
    expect(() => createHeroApi({ incremental: { delay: { HeroName: 'soon' as unknown as number } } })).toThrow(
      /incremental\.delay/,
    )
    expect(() => createHeroApi({ incremental: { defaultFormat: 'v0.2' as never } })).toThrow(
      /defaultFormat is "v0\.2"; it must be 'deferSpec=20220824' or 'incrementalSpec=v0\.2'/,
    )
    expect(() => api.hold('')).toThrow(/executor\.hold\(\) takes a @defer\/@stream label or a path/)
  })
  it('@defer(if: false) is not deferred: one JSON result even for a client that accepts multipart', async () => {
    for (const accept of [LEGACY_ACCEPT, V02_ACCEPT]) {
      const response = await post('{ hero { id ... @defer(if: false, label: "HeroName") { name } } }', accept)
      expect(response.headers.get('content-type')).toBe('application/graphql-response+json')
      expect(await response.json()).toEqual({ data: { hero: { id: '1', name: 'Luke' } } })
    }
  })
  it('a client that aborts mid-stream sees its read fail with the abort, and the server stays usable', async () => {
    const held = api.hold('HeroName')
    const controller = new AbortController()
    const response = await fetch(URI, {
      method: 'POST',
      signal: controller.signal,
      headers: { 'content-type': 'application/json', accept: LEGACY_ACCEPT },
      body: JSON.stringify({ query: '{ hero { id ... @defer(label: "HeroName") { name } } }' }),
    })
    const parts = readMultipartJson(response)
    expect((await parts.next()).value).toEqual({ data: { hero: { id: '1' } }, hasNext: true })
    await held.reached
    controller.abort()
    await expect(parts.next()).rejects.toThrow(/abort/i)
    held.release()
    expect(await (await post('{ hero { id } }', null)).json()).toEqual({ data: { hero: { id: '1' } } })
  })
})
