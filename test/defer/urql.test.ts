// urql 6 sends a plain `multipart/mixed` Accept (no spec named) and reads both formats: the
// executor's default format answers it, and `incremental.defaultFormat` switches it.
import { Client, fetchExchange, gql, type OperationResult } from '@urql/core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { setupServer } from 'mocklib/node'
import { createHeroApi } from './fixtures/hero-api'

const LEGACY_URI = 'https://legacy.test/graphql'
const V02_URI = 'https://v02.test/graphql'
const legacyApi = createHeroApi()
const v02Api = createHeroApi({ incremental: { defaultFormat: 'incrementalSpec=v0.2' } })
const server = setupServer(legacyApi.handler(LEGACY_URI), v02Api.handler(V02_URI))
let seen: Array<{ method: string; accept: string | null }> = []
server.events.on(
  'request:start',
  ({ request }) => void seen.push({ method: request.method, accept: request.headers.get('accept') }),
)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  legacyApi.reset()
  v02Api.reset()
  seen = []
})
afterAll(() => server.close())

const HERO = gql`
  query Hero {
    hero {
      id
      ... @defer(label: "HeroName") {
        name
        ... @defer(label: "HeroHome") {
          home { name }
        }
      }
      friends @stream(initialCount: 1) { name }
    }
  }
`
// urql 6 places incrementalSpec=v0.2 stream items at index 0 of the list's parent object (it
// reads the index from the last path key, which v0.2 no longer carries): @defer only there.
const HERO_DEFER_ONLY = gql`
  query Hero {
    hero {
      id
      ... @defer(label: "HeroName") {
        name
        ... @defer(label: "HeroHome") {
          home { name }
        }
      }
      friends { name }
    }
  }
`

/** Every result urql emits for one query, until it has no next part. */
function results(client: Client, query: typeof HERO): Promise<OperationResult[]> {
  return new Promise((resolve, reject) => {
    const all: OperationResult[] = []
    const { unsubscribe } = client.query(query, {}, { requestPolicy: 'network-only' }).subscribe((result) => {
      all.push(result)
      if (result.error !== undefined) reject(result.error)
      else if (!result.hasNext) {
        resolve(all)
        queueMicrotask(unsubscribe)
      }
    })
  })
}

const ALL_FRIENDS = [{ name: 'Han' }, { name: 'Leia' }, { name: 'Chewie' }]
const CASES = [
  { format: 'deferSpec=20220824 (the default)', uri: LEGACY_URI, query: HERO, initialFriends: [{ name: 'Han' }] },
  { format: 'incrementalSpec=v0.2 (defaultFormat)', uri: V02_URI, query: HERO_DEFER_ONLY, initialFriends: ALL_FRIENDS },
]

describe.each(CASES)('urql 6, $format', ({ uri, query, initialFriends }) => {
  it.each([
    { method: 'GET', preferGetMethod: true },
    { method: 'POST', preferGetMethod: false },
  ])(
    '$method: the first result has the initial data, the last has the deferred and streamed parts',
    async ({ method, preferGetMethod }) => {
      const client = new Client({ url: uri, exchanges: [fetchExchange], preferGetMethod })
      const all = await results(client, query)
      expect(seen).toEqual([{ method, accept: expect.stringContaining('multipart/mixed') }])
      expect(all.length).toBeGreaterThan(1)
      expect(all[0].data).toEqual({ hero: { id: '1', friends: initialFriends } })
      expect(all[0].hasNext).toBe(true)
      expect(all.at(-1)!.data).toEqual({
        hero: { id: '1', name: 'Luke', home: { name: 'Tatooine' }, friends: ALL_FRIENDS },
      })
    },
  )
})
