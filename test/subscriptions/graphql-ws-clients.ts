// graphql-ws clients for the subscription suites: created on the global WebSocket (the one
// mocklib patches), disposed after each test, with subscriptions turned into promises.
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
