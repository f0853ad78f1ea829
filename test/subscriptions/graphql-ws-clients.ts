// graphql-ws clients for the subscription suites: created on the global WebSocket (the one
// mocklib patches), disposed after each test, with subscriptions turned into promises.
import { graphql } from 'mocklib'
import type { SetupServer } from 'mocklib/node'
import { createClient, type Client, type ClientOptions } from 'graphql-ws'
import { afterAll, afterEach, beforeAll } from 'vitest'

/** Listens for the suite, and disposes the clients `client()` made and resets handlers after each test. */
export function useGraphQLWsClients(
  server: SetupServer,
  defaultUrl: string,
): (options?: Partial<ClientOptions>) => Client {
  const clients: Client[] = []
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.dispose()))
    server.resetHandlers()
  })
  afterAll(() => server.close())
  return (options = {}) => {
    const created = createClient({ url: defaultUrl, retryAttempts: 0, webSocketImpl: WebSocket, ...options })
    clients.push(created)
    return created
  }
}

/** Subscribes and settles with every value once the server completes, or rejects with the error. */
export function collect(target: Client, query: string, variables?: Record<string, unknown>): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const results: unknown[] = []
    target.subscribe(
      { query, variables },
      { next: (value) => results.push(value), error: reject, complete: () => resolve(results) },
    )
  })
}

/** What a promise rejects with (or an Error saying it did not). */
export function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => new Error('expected a failure'),
    (reason: unknown) => reason,
  )
}

/** A subscription that publishes the number of its attempt, and completes on the second. */
export function attemptSubscription() {
  let attempt = 0
  return graphql.subscription('OnAttempt', ({ subscription }) => {
    subscription.publish({ data: { attempt: ++attempt } })
    if (attempt > 1) subscription.complete()
  })
}

/**
 * Subscribes to attemptSubscription() with a graphql-ws client that retries a lost connection at
 * once: the results it got, and the close code of each connection it lost.
 */
export async function subscribeWithRetry(url: string): Promise<{ results: unknown[]; closes: number[] }> {
  const closes: number[] = []
  const client = createClient({
    url,
    webSocketImpl: WebSocket,
    retryAttempts: 2,
    retryWait: () => Promise.resolve(),
    // Where the platform's WebSocket fires 'error' before an abnormal close (Node 24's does, as
    // against a real server), graphql-ws's default retries only close events: retry that too.
    shouldRetry: () => true,
    on: { closed: (event) => closes.push((event as CloseEvent).code) },
  })
  try {
    return { results: await collect(client, 'subscription OnAttempt { attempt }'), closes }
  } finally {
    await client.dispose()
  }
}
