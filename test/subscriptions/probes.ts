// Shared by the HTTP transport tests: a promise settled from outside, and a subscription that
// tells when the client's unsubscribe reached the server.
import type { GraphQLSubscriptionHandle, graphql } from 'mocklib'
import { deferred } from '../helpers/deferred'

export { deferred }

/**
 * `OnTick` publishes `{ n: 1 }` and stays open; `finalized` settles with the handle's `active`
 * once its finalize callback ran (the client left).
 */
export function unsubscribeProbe(link: ReturnType<typeof graphql.link>) {
  const finalized = deferred()
  const handle = deferred<GraphQLSubscriptionHandle>()
  const handler = link.subscription('OnTick', ({ subscription, finalize }) => {
    finalize(() => finalized.resolve())
    subscription.publish({ data: { n: 1 } })
    handle.resolve(subscription)
  })
  const ended = async (): Promise<boolean> => {
    await finalized.promise
    return (await handle.promise).active
  }
  return { handler, ended }
}
