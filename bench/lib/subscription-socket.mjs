// The graphql-ws bench units, shared by the subscription scenarios (subscription-scenarios.mjs)
// and the memory runs (memory.mjs): a mocked subscription fed from the test (a handler's
// publish(), or the schema executor's), and bare graphql-transport-ws subscribers on the global
// WebSocket (the client work is one JSON.parse per message, as in any client).
import { GRAPHQL_RESULT } from './fixtures.mjs'

export const SUBSCRIPTION_URL = 'wss://bench.test/graphql'
const SUBSCRIBE = (id) =>
  JSON.stringify({ id, type: 'subscribe', payload: { query: 'subscription BenchEvents { post { id title } }' } })

/**
 * mocklib's subscription handler, as an event source: `handler` for the list, `ready(n)` once n
 * subscriptions are served, `publish()` one event to each. Call before listen().
 */
export async function benchSubscriptionHandler(lib) {
  // Node 20 has no global WebSocket without --experimental-websocket: undici's stands in.
  globalThis.WebSocket ??= (await import('undici')).WebSocket
  const handler = lib.graphql.link(SUBSCRIPTION_URL).subscription('BenchEvents', () => {})
  return {
    handler,
    // Setup only: wait for the resolvers to run (no event tells the client its subscribe arrived).
    async ready(sockets) {
      while (handler.subscriptions.size < sockets) await new Promise((resolve) => setImmediate(resolve))
    },
    publish: () => handler.publish(GRAPHQL_RESULT),
  }
}

/** The same event source from the schema executor: each event runs the subscriber's selection against the schema. */
export async function benchSchemaSubscriptions(lib) {
  globalThis.WebSocket ??= (await import('undici')).WebSocket
  const api = lib.createSchemaExecutor({
    typeDefs: 'type Post { id: ID!  title: String! } type Query { post: Post } type Subscription { post: Post! }',
  })
  const { post } = GRAPHQL_RESULT.data
  return {
    handler: api.handler(SUBSCRIPTION_URL),
    ready: (sockets) => api.subscribed('post', sockets),
    publish: () => api.publish('post', post),
  }
}

async function openAcknowledged() {
  const socket = new WebSocket(SUBSCRIPTION_URL, 'graphql-transport-ws')
  await new Promise((resolve, reject) => {
    socket.onopen = resolve
    socket.onerror = () => reject(new Error('graphql-ws bench: socket error'))
  })
  const acked = new Promise(
    (resolve) => (socket.onmessage = (event) => JSON.parse(event.data).type === 'connection_ack' && resolve()),
  )
  socket.send(JSON.stringify({ type: 'connection_init' }))
  await acked
  return socket
}

/**
 * Opens `sockets` connections with one subscription each and resolves once the handler serves
 * them all. `publish(events)` sends that many events to every subscriber and resolves when each
 * has arrived and been checked.
 */
export async function openSubscribers(source, sockets) {
  const opened = []
  let received = 0
  let waiter
  const onMessage = (event) => {
    const message = JSON.parse(event.data)
    if (message.type !== 'next' || message.payload.data.post.id !== '1')
      throw new Error(`graphql-ws bench: unexpected ${event.data}`)
    if (++received === waiter?.target) waiter.resolve()
  }
  for (let index = 0; index < sockets; index++) {
    const socket = await openAcknowledged()
    socket.onmessage = onMessage
    socket.send(SUBSCRIBE('1'))
    opened.push(socket)
  }
  await source.ready(sockets)
  return {
    publish(events) {
      const done = new Promise((resolve) => (waiter = { target: received + events * sockets, resolve }))
      for (let index = 0; index < events; index++) source.publish()
      return done
    },
    async close() {
      await Promise.all(
        opened.map((socket) => {
          const closed = new Promise((resolve) => (socket.onclose = resolve))
          socket.close()
          return closed
        }),
      )
    },
  }
}
