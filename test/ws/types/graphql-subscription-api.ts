// Type tests for graphql.subscription(): each @ts-expect-error line must be an error, everything else must compile.
import type { TypedDocumentNode } from '@graphql-typed-document-node/core'
import { graphql, GraphQLSubscriptionHandler, type GraphQLSubscriptionHandle } from 'mocklib'

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
