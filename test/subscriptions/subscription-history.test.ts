// GraphQL subscriptions in the history, on every transport: one entry per subscription whose
// call names the operation (operationName, variables) and whose frames are what was sent for it.
// Real clients: graphql-ws, graphql-sse (both modes) and Apollo Client's multipart HttpLink.
import 'mocklib/vitest'
import { ApolloClient, gql, HttpLink, InMemoryCache } from '@apollo/client'
import { graphql } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { createClient as createSseClient } from 'graphql-sse'
import { createClient as createWsClient } from 'graphql-ws'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { collect } from './graphql-ws-clients'

const HTTP_URL = 'https://api.test/graphql'
const WS_URL = 'wss://api.test/graphql'
const server = setupServer()
const disposers: Array<() => unknown> = []

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(async () => {
  await Promise.all(disposers.splice(0).map((dispose) => dispose()))
  server.resetHandlers()
  vi.restoreAllMocks()
})
afterAll(() => server.close())

const QUERY = 'subscription OnTick($room: ID!) { tick(room: $room) { n } }'

/** A subscription handler for OnTick at `url` publishing two ticks for the room, then completing. */
function ticks(url: string) {
  return graphql.link(url).subscription('OnTick', ({ variables, subscription }) => {
    for (let n = 1; n <= 2; n++) subscription.publish({ data: { tick: { n, room: variables.room } } })
    subscription.complete()
  })
}

describe('GraphQL subscriptions in the history', () => {
  it('graphql-ws: an entry per subscription with its operation, the subscribe message in and the results out', async () => {
    const onTick = ticks(WS_URL)
    server.use(onTick)
    const client = createWsClient({ url: WS_URL, retryAttempts: 0, webSocketImpl: WebSocket })
    disposers.push(() => client.dispose())
    await collect(client, QUERY, { room: 'r1' })
    await collect(client, QUERY, { room: 'r2' })

    expect(onTick.calls.map((call) => [call.operationName, call.variables])).toEqual([
      ['OnTick', { room: 'r1' }],
      ['OnTick', { room: 'r2' }],
    ])
    expect(onTick).toHaveBeenRequestedTimes(2)
    expect(server.pendingHandlers()).not.toContain(onTick)
    expect(onTick).toHaveBeenLastRequestedWith({ variables: { room: 'r2' } })
    const entries = server.history.filter((entry) => entry.handler === onTick && entry.calls.length === 1)
    expect(entries).toHaveLength(2)
    const messages = entries[0].frames.map((frame) => [frame.direction, JSON.parse(frame.data).type])
    expect(messages).toEqual([
      ['in', 'subscribe'],
      ['out', 'next'],
      ['out', 'next'],
      ['out', 'complete'],
    ])
    expect(JSON.parse(entries[0].frames[1].data).payload).toEqual({ data: { tick: { n: 1, room: 'r1' } } })
    // The connection they ran on is an entry too, with every message of the socket.
    const connection = server.history.find((entry) => entry.calls.length === 0 && entry.url === WS_URL)
    expect(connection?.response?.status).toBe(101)
    expect(connection?.frames.some((frame) => frame.data.includes('connection_init'))).toBe(true)
  })

  it('graphql-ws: a subscription no handler takes is an unhandled entry', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const onTick = ticks(WS_URL)
    server.use(onTick)
    const client = createWsClient({ url: WS_URL, retryAttempts: 0, webSocketImpl: WebSocket })
    disposers.push(() => client.dispose())
    await expect(collect(client, 'subscription OnOther { other }')).rejects.toBeDefined()
    const entry = server.history.find((candidate) => candidate.reason === 'unhandled')
    expect(entry?.handler).toBeUndefined()
    expect(entry?.frames.map((frame) => [frame.direction, JSON.parse(frame.data).type])).toEqual([
      ['in', 'subscribe'],
      ['out', 'error'],
    ])
    // The connection reached it, no subscription did: it is still pending.
    expect(server.pendingHandlers()).toContain(onTick)
  })

  it.each([
    ['distinct connections', false],
    ['single connection', true],
  ])('graphql-sse, %s: the call names the operation, the stream entry has its events', async (_mode, single) => {
    const onTick = ticks(HTTP_URL)
    server.use(onTick)
    const client = createSseClient({ url: HTTP_URL, singleConnection: single, retryAttempts: 0 })
    disposers.push(() => client.dispose())
    await new Promise<void>((resolve, reject) =>
      client.subscribe(
        { query: QUERY, variables: { room: 'r1' } },
        { next: () => {}, error: reject, complete: resolve },
      ),
    )
    // Single connection mode: the reservation (PUT) and the stream (GET) are calls of their own, without an operation.
    const operations = onTick.calls.filter((call) => call.operationName !== undefined)
    expect(operations.map((call) => [call.operationName, call.variables])).toEqual([['OnTick', { room: 'r1' }]])
    expect(onTick.calls).toHaveLength(single ? 3 : 1)
    const stream = server.history.find((entry) => entry.frames.length > 0)
    const events = stream?.frames.map((frame) => frame.data).join('') ?? ''
    expect(events).toContain('"room":"r1"')
    expect(events.match(/^event: ?next$/gm)).toHaveLength(2)
  })

  it('Apollo multipart: the call names the operation, the entry has each part sent', async () => {
    const onTick = ticks(HTTP_URL)
    server.use(onTick)
    const apollo = new ApolloClient({ link: new HttpLink({ uri: HTTP_URL }), cache: new InMemoryCache() })
    await new Promise<void>((resolve, reject) =>
      apollo
        .subscribe({ query: gql(QUERY), variables: { room: 'r1' }, fetchPolicy: 'no-cache' })
        .subscribe({ next: () => {}, error: reject, complete: resolve }),
    )
    expect(onTick).toHaveBeenRequestedWith({ operationName: 'OnTick', variables: { room: 'r1' } })
    const [entry] = server.history
    expect(entry.handler).toBe(onTick)
    const payloads = entry.frames.map((frame) => JSON.parse(frame.data) as { payload?: unknown })
    expect(payloads.filter((part) => part.payload !== undefined).map((part) => part.payload)).toEqual([
      { data: { tick: { n: 1, room: 'r1' } } },
      { data: { tick: { n: 2, room: 'r1' } } },
    ])
  })
})
