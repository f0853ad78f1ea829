import type { SchemaExecutor } from 'mocklib/schema'

/** What graphql-ws's and graphql-sse's clients both have: `subscribe(payload, sink)`. */
interface SubscribingClient {
  subscribe(
    payload: { query: string },
    sink: { next(value: unknown): void; error(error: unknown): void; complete(): void },
  ): unknown
}

export const TWO_POSTS = [
  { data: { postAdded: { id: '1', title: 'First' } } },
  { data: { postAdded: { id: '2', title: 'Second' } } },
]

/**
 * Subscribes `client` to `postAdded` (as `subscription PostAdded`), publishes two posts once the
 * executor has the subscription, and resolves with what the client received.
 */
export async function receiveTwoPosts(
  client: SubscribingClient,
  api: SchemaExecutor<{ postAdded: { id: string; title: string } }>,
): Promise<unknown[]> {
  const received: unknown[] = []
  const done = new Promise<void>((resolve, reject) => {
    client.subscribe(
      { query: 'subscription PostAdded { postAdded { id title } }' },
      { next: (value) => void (received.push(value) === 2 && resolve()), error: reject, complete: resolve },
    )
  })
  await api.subscribed('postAdded')
  api.publish('postAdded', { id: '1', title: 'First' })
  api.publish('postAdded', { id: '2', title: 'Second' })
  await done
  return received
}
