// Subscribers over the HTTP transports for the subscription scenarios: GraphQL over SSE
// (distinct connections: one fetch event stream per subscriber) and Apollo's multipart
// subscriptions (one fetch multipart body per subscriber). Client work per event: finding it in
// the text and one JSON.parse, as a client does. Events come from the handler's publish().
import { GRAPHQL_RESULT } from './fixtures.mjs'

export const HTTP_SUBSCRIPTION_URL = 'https://bench.test/graphql'
const BODY = JSON.stringify({ query: 'subscription BenchEvents { post { id title } }' })

/** How each transport is asked for, and how its body splits into events. */
const TRANSPORTS = {
  sse: {
    accept: 'text/event-stream',
    separator: '\n\n',
    data: (block) => (block.startsWith('event:next\ndata:') ? block.slice(16) : undefined),
    result: (value) => value,
  },
  multipart: {
    accept: 'multipart/mixed;boundary=graphql;subscriptionSpec=1.0,application/json',
    separator: '\r\n---',
    data: (part) => {
      const json = part.slice(part.indexOf('\r\n\r\n') + 4)
      return json.startsWith('{"payload"') ? json : undefined
    },
    result: (value) => value.payload,
  },
}

/** mocklib's subscription handler at the HTTP URL, as an event source (see subscription-socket.mjs). */
export function benchHttpSubscriptionHandler(lib) {
  const handler = lib.graphql.link(HTTP_SUBSCRIPTION_URL).subscription('BenchEvents', () => {})
  return {
    handler,
    async ready(count) {
      while (handler.subscriptions.size < count) await new Promise((resolve) => setImmediate(resolve))
    },
    publish: () => handler.publish(GRAPHQL_RESULT),
    async drained() {
      while (handler.subscriptions.size > 0) await new Promise((resolve) => setImmediate(resolve))
    },
  }
}

/**
 * Opens `count` subscriptions over `transport` and resolves once the handler serves them all.
 * `publish(events)` sends that many events to every subscriber and resolves when each arrived.
 */
export async function openHttpSubscribers(events, count, transport) {
  const { accept, separator, data, result } = TRANSPORTS[transport]
  let received = 0
  let waiter
  const readers = []
  const read = async (reader) => {
    const decoder = new TextDecoder()
    let buffer = ''
    for (let step = await reader.read(); !step.done; step = await reader.read()) {
      buffer += decoder.decode(step.value, { stream: true })
      let end
      while ((end = buffer.indexOf(separator)) !== -1) {
        const text = data(buffer.slice(0, end))
        buffer = buffer.slice(end + separator.length)
        if (text === undefined) continue
        if (result(JSON.parse(text)).data.post.id !== '1') throw new Error(`${transport} bench: unexpected ${text}`)
        if (++received === waiter?.target) waiter.resolve()
      }
    }
  }
  for (let index = 0; index < count; index++) {
    const response = await fetch(HTTP_SUBSCRIPTION_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept },
      body: BODY,
    })
    const reader = response.body.getReader()
    read(reader).catch(() => {})
    readers.push(reader)
  }
  // Setup only: wait for the resolvers to run.
  await events.ready(count)
  return {
    publish(times) {
      const done = new Promise((resolve) => (waiter = { target: received + times * count, resolve }))
      for (let index = 0; index < times; index++) events.publish()
      return done
    },
    async close() {
      // The client leaves: cancelling the body ends each subscription (its finalize runs).
      await Promise.all(readers.map((reader) => reader.cancel()))
      await events.drained()
    },
  }
}
