// Work that outlives a request (a subscription streamed over HTTP) ends when its handler leaves
// the list (runtime/outlives-request.ts). Only such runs get the scope's removal registration,
// one function per handler and scope, and each stream's entry goes when the stream ends: many
// requests leave nothing behind. The counts are read from the store getResponse() uses.
import { getResponse, graphql, http, HttpResponse, type GraphQLSubscriptionHandle } from 'mocklib'
import { describe, expect, it } from 'vitest'
import { directStore } from '../../src/runtime/handler-state'
import { deferred } from './probes'

const URL_ = 'https://api.test/graphql'
const api = graphql.link(URL_)
const REQUESTS = 10_000
/** Streams cost more than plain requests: enough to show that each one's entry goes. */
const STREAMS = 500

const subscribe = (name: string) =>
  new Request(URL_, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ query: `subscription ${name} { n }` }),
  })

describe('removal registrations', () => {
  it('a run whose work ends with its request gets none, however many requests it answers', async () => {
    const seen = new Set<boolean>()
    const rest = http.get('https://api.test/items', (info) => {
      seen.add(Symbol.for('mocklib.whenRemoved') in info)
      return HttpResponse.text('ok')
    })
    for (let index = 0; index < REQUESTS; index++) await getResponse([rest], new Request('https://api.test/items'))
    expect(seen).toEqual(new Set([false]))
    expect(directStore.peek(rest)?.removed).toBeUndefined()
  })

  it(`a subscription over SSE holds one entry while it streams, and ${STREAMS} finished streams leave none`, async () => {
    const started = deferred<GraphQLSubscriptionHandle>()
    const open = api.subscription('OnOpen', ({ subscription }) => started.resolve(subscription))
    const ticks = api.subscription('OnTick', ({ subscription }) => {
      subscription.publish({ data: { n: 1 } })
      subscription.complete()
    })
    const openResponse = await getResponse([open], subscribe('OnOpen'))
    const handle = await started.promise
    expect(directStore.peek(open)?.removed?.size).toBe(1)

    for (let index = 0; index < STREAMS; index++) {
      const response = await getResponse([ticks], subscribe('OnTick'))
      expect(await response?.text()).toBe('event:next\ndata:{"data":{"n":1}}\n\nevent:complete\ndata:\n\n')
    }
    expect(directStore.peek(ticks)?.removed?.size).toBe(0)

    handle.complete()
    await openResponse?.text()
    expect(directStore.peek(open)?.removed?.size).toBe(0)
  })
})
