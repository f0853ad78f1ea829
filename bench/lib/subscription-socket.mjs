// The graphql-ws bench units, shared by the subscription scenarios (subscription-scenarios.mjs)
// and the memory runs (memory.mjs): a mocked subscription fed from the test with
// handler.publish(), and bare graphql-transport-ws subscribers on the global WebSocket (the
// client work is one JSON.parse per message, as in any client).
import { GRAPHQL_RESULT } from './fixtures.mjs'

export const SUBSCRIPTION_URL = 'wss://bench.test/graphql'
const SUBSCRIBE = (id) => JSON.stringify({ id, type: 'subscribe', payload: { query: 'subscription BenchEvents { post { id title } }' } })

/** mocklib's subscription handler; events come from handler.publish(). Call before listen(). */
export async function benchSubscriptionHandler(lib) {
  // Node 20 has no global WebSocket without --experimental-websocket: undici's stands in.
  globalThis.WebSocket ??= (await import('undici')).WebSocket
  return lib.graphql.link(SUBSCRIPTION_URL).subscription('BenchEvents', () => {})
}

async function openAcknowledged() {
  const socket = new WebSocket(SUBSCRIPTION_URL, 'graphql-transport-ws')
  await new Promise((resolve, reject) => {
    socket.onopen = resolve
    socket.onerror = () => reject(new Error('graphql-ws bench: socket error'))
  })
  const acked = new Promise((resolve) => (socket.onmessage = (event) => JSON.parse(event.data).type === 'connection_ack' && resolve()))
  socket.send(JSON.stringify({ type: 'connection_init' }))
  await acked
  return socket
}

/**
 * Opens `sockets` connections with one subscription each and resolves once the handler serves
 * them all. `publish(events)` sends that many events to every subscriber and resolves when each
 * has arrived and been checked.
 */
export async function openSubscribers(handler, sockets) {
  const opened = []
  let received = 0
  let waiter
  const onMessage = (event) => {
    const message = JSON.parse(event.data)
    if (message.type !== 'next' || message.payload.data.post.id !== '1') throw new Error(`graphql-ws bench: unexpected ${event.data}`)
    if (++received === waiter?.target) waiter.resolve()
  }
  for (let index = 0; index < sockets; index++) {
    const socket = await openAcknowledged()
    socket.onmessage = onMessage
    socket.send(SUBSCRIBE('1'))
    opened.push(socket)
  }
  // Setup only: wait for the resolvers to run (no event tells the client its subscribe arrived).
  while (handler.subscriptions.size < sockets) await new Promise((resolve) => setImmediate(resolve))
  return {
    publish(events) {
      const done = new Promise((resolve) => (waiter = { target: received + events * sockets, resolve }))
      for (let index = 0; index < events; index++) handler.publish(GRAPHQL_RESULT)
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
