import type { SchemaExecutor } from 'mocklib/schema'

/** What graphql-ws's and graphql-sse's clients both have: `subscribe(payload, sink)`. */
export interface SubscribingClient {
  subscribe(
    payload: { query: string },
    sink: { next(value: unknown): void; error(error: unknown): void; complete(): void },
  ): unknown
}

export const TWO_POSTS = [
  { data: { postAdded: { id: '1', title: 'First' } } },
  { data: { postAdded: { id: '2', title: 'Second' } } },
]

type Post = { id: string; title: string }

/** Publishes one post; `first`: once the subscription is active (a mock server's control API waits for it). */
export type PublishPost = (post: Post, first: boolean) => Promise<unknown>

/**
 * Subscribes `client` to `postAdded` (as `subscription PostAdded`), publishes two posts once the
 * executor has the subscription, and resolves with what the client received.
 */
export async function receiveTwoPosts(
  client: SubscribingClient,
  api: SchemaExecutor<{ postAdded: Post }> | PublishPost,
): Promise<unknown[]> {
  const received: unknown[] = []
  const done = new Promise<void>((resolve, reject) => {
    client.subscribe(
      { query: 'subscription PostAdded { postAdded { id title } }' },
      { next: (value) => void (received.push(value) === 2 && resolve()), error: reject, complete: resolve },
    )
  })
  const publish: PublishPost =
    typeof api === 'function'
      ? api
      : async (post, first) => {
          if (first) await api.subscribed('postAdded')
          api.publish('postAdded', post)
        }
  await publish({ id: '1', title: 'First' }, true)
  await publish({ id: '2', title: 'Second' }, false)
  await done
  return received
}
