// The GraphQL subscription scenarios, over graphql-transport-ws: 10,000 events to one
// subscriber, and 1 event to 1,000 subscribers. The unit is one event delivered to one
// subscriber. Goal: an event costs at most 2× the CPU of a mocked GraphQL query over HTTP
// (graphql-1; bench/lib/goals.mjs compares the medians of one run). mocklib only: MSW 2 has no
// subscriptions. The schema- scenarios publish through the schema executor instead of a
// hand-written handler, so each event is also executed against the schema.
import { benchHttpSubscriptionHandler, openHttpSubscribers } from './subscription-http.mjs'
import { benchSchemaSubscriptions, benchSubscriptionHandler, openSubscribers } from './subscription-socket.mjs'

function subscriptionScenario({
  id,
  title,
  sockets,
  eventsPerStep,
  source = benchSubscriptionHandler,
  open = openSubscribers,
}) {
  return {
    id,
    title,
    unit: 'event',
    contenders: ['mocklib'],
    async setup(lib) {
      const events = await source(lib)
      const server = lib.setupServer(events.handler)
      server.listen({ onUnhandledRequest: 'error' })
      const subscribers = await open(events, sockets)
      const step = eventsPerStep * sockets
      return {
        async run(count) {
          for (let done = 0; done < count; done += step) await subscribers.publish(eventsPerStep)
        },
        async teardown() {
          await subscribers.close()
          server.close()
        },
        step,
      }
    },
  }
}

export const SUBSCRIPTION_SCENARIOS = [
  subscriptionScenario({
    id: 'graphql-ws-10000-events',
    title: 'GraphQL subscription (graphql-transport-ws), 10,000 events to 1 subscriber',
    sockets: 1,
    eventsPerStep: 10_000,
  }),
  subscriptionScenario({
    id: 'graphql-ws-1000-subscribers',
    title: 'GraphQL subscription (graphql-transport-ws), 1 event to 1,000 subscribers',
    sockets: 1000,
    eventsPerStep: 1,
  }),
  subscriptionScenario({
    id: 'schema-ws-10000-events',
    title: 'mocklib/schema subscription (graphql-transport-ws), 10,000 events to 1 subscriber',
    sockets: 1,
    eventsPerStep: 10_000,
    source: benchSchemaSubscriptions,
  }),
  subscriptionScenario({
    id: 'schema-ws-1000-subscribers',
    title: 'mocklib/schema subscription (graphql-transport-ws), 1 event to 1,000 subscribers',
    sockets: 1000,
    eventsPerStep: 1,
    source: benchSchemaSubscriptions,
  }),
  // The HTTP transports: the same handler, subscribed to with fetch (bench/lib/subscription-http.mjs).
  ...['sse', 'multipart'].flatMap((transport) => {
    const name = transport === 'sse' ? 'GraphQL over SSE' : 'Apollo multipart'
    const http = {
      source: benchHttpSubscriptionHandler,
      open: (events, count) => openHttpSubscribers(events, count, transport),
    }
    return [
      subscriptionScenario({
        id: `graphql-${transport}-10000-events`,
        title: `GraphQL subscription (${name}), 10,000 events to 1 subscriber`,
        sockets: 1,
        eventsPerStep: 10_000,
        ...http,
      }),
      subscriptionScenario({
        id: `graphql-${transport}-1000-subscribers`,
        title: `GraphQL subscription (${name}), 1 event to 1,000 subscribers`,
        sockets: 1000,
        eventsPerStep: 1,
        ...http,
      }),
    ]
  }),
]
