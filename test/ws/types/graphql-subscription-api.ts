// Type tests for graphql.subscription(): each @ts-expect-error line must be an error, everything else must compile.
import type { TypedDocumentNode } from '@graphql-typed-document-node/core'
import {
  graphql,
  GraphQLSubscriptionHandler,
  type GraphQLPassthroughSubscription,
  type GraphQLSubscriptionHandle,
} from 'mocklib'

type OnPostAdded = { postAdded: { id: string; title: string } }
type OnPostAddedVariables = { feed: string }
declare const OnPostAddedDocument: TypedDocumentNode<OnPostAdded, OnPostAddedVariables>
declare const ListPostsDocument: TypedDocumentNode<{ __typename?: 'Query'; posts: string[] }, Record<string, never>>

const handler: GraphQLSubscriptionHandler<OnPostAdded, OnPostAddedVariables> = graphql.subscription(
  OnPostAddedDocument,
  ({ subscription, variables, finalize }) => {
    const feed: string = variables.feed
    subscription.publish({ data: { postAdded: { id: '1', title: feed } } })
    // @ts-expect-error: publish's data has the document's result type
    subscription.publish({ data: { postAdded: { id: 1, title: 'x' } } })
    // @ts-expect-error: a field the result does not have
    subscription.publish({ data: { postRemoved: true } })
    // @ts-expect-error: the document has no such variable
    void variables.room
    subscription.error([{ message: 'no' }])
    finalize(() => {})
  },
)
void handler

graphql.link('https://api.test/graphql').subscription('OnAny', ({ subscription, operationName, query }) => {
  const name: string = operationName
  const text: string = query
  const handle: GraphQLSubscriptionHandle = subscription
  handle.publish({ data: { anything: [name, text] } })
})
graphql.subscription(/^On/, () => {})
// @ts-expect-error: a query document is not a subscription
graphql.subscription(ListPostsDocument, () => {})
// @ts-expect-error: a resolver is required
graphql.subscription('OnAny')

// A TypedDocumentString (codegen's client preset with documentMode: 'string') types the same way.
declare class TypedDocumentString<Result, Variables> extends String {
  __apiType?: (variables: Variables) => Result
}
declare const OnPostAddedString: TypedDocumentString<OnPostAdded, OnPostAddedVariables>
const fromString = graphql.subscription(OnPostAddedString, ({ subscription, variables }) => {
  subscription.publish({ data: { postAdded: { id: '1', title: variables.feed } } })
  // @ts-expect-error: the document has no such variable
  void variables.room
})

// Active subscriptions keep the handler's types.
fromString.publish({ data: { postAdded: { id: '2', title: 't' } } })
// @ts-expect-error: publish's data has the document's result type
fromString.publish({ data: { postAdded: { id: 2 } } })
for (const active of fromString.subscriptions) {
  const feed: string = active.variables.feed
  const id: string = active.subscriptionId
  active.publish({ data: { postAdded: { id, title: feed } } })
  // @ts-expect-error: subscriptions is read-only from the outside
  fromString.subscriptions.add(active)
}

// Connection options: on the link and per handler.
const secured = graphql.link('https://api.test/graphql', {
  onConnect: (payload, { request, requestId }) => {
    const url: string = request.url
    void [url, requestId]
    return payload.token === 'ok' ? { welcome: true } : false
  },
  connectionInitWaitTimeout: 1_000,
})
secured.subscription('OnAny', () => {}, { once: true, onConnect: async () => true })
for (const active of secured.subscriptions) void active.operationName
// @ts-expect-error: onConnect answers with a boolean or the ack payload
graphql.link('https://api.test/graphql', { onConnect: () => 'yes' })
// @ts-expect-error: the timeout is a number of milliseconds
graphql.subscription('OnAny', () => {}, { connectionInitWaitTimeout: '1s' })
graphql.subscription('OnAny', ({ connectionParams, subscription }) => {
  const params: Record<string, unknown> = connectionParams
  void params
  subscription.passthrough()
})

// passthrough() answers with the real subscription, typed by the document's result.
graphql.subscription(OnPostAddedDocument, ({ subscription }) => {
  const real: GraphQLPassthroughSubscription<OnPostAdded> = subscription.passthrough()
  real.addEventListener('next', (event) => {
    const title: string | undefined = event.data.payload.data?.postAdded.title
    event.preventDefault()
    subscription.publish({ data: { postAdded: { id: '1', title: `${title} (patched)` } } })
  })
  real.addEventListener('error', (event) => void event.data.payload[0]?.message)
  real.addEventListener('complete', (event) => void event.defaultPrevented)
  // @ts-expect-error: no such event
  real.addEventListener('message', () => {})
  real.unsubscribe()
})
// The concise form returns it: still a valid resolver.
graphql.subscription('OnAny', ({ subscription }) => subscription.passthrough())
