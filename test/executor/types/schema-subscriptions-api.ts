// Type tests for the schema executor's subscription API: each @ts-expect-error line must be an
// error, everything else must compile.
import { createSchemaExecutor, type SchemaExecutor, type SchemaResolvers } from 'mocklib/schema'

// Shaped as GraphQL Code Generator's typescript plugin writes the Subscription type.
type Maybe<T> = T | null
type Author = { __typename?: 'Author'; name: Maybe<string> }
type Post = { __typename?: 'Post'; id: string; title: string; author: Author }
type Subscription = { __typename?: 'Subscription'; postAdded: Post; countdown: number }

const api: SchemaExecutor<Subscription> = createSchemaExecutor<Subscription>({ typeDefs: 'type Query { ok: Boolean }' })

const delivered: number = api.publish('postAdded', { id: '1', title: 'Hello' })
api.publish('postAdded', { title: 'Partial: mocks fill the rest' })
api.publish('postAdded', { author: { name: 'Nested parts are partial too' } })
api.publish('postAdded')
api.publish('countdown', 3)
void delivered
// @ts-expect-error: not a field of the Subscription type
api.publish('postRemoved', {})
// @ts-expect-error: the field's type is Post, whose title is a string
api.publish('postAdded', { title: 42 })
// @ts-expect-error: countdown is an Int
api.publish('countdown', 'three')
// @ts-expect-error: __typename is no field to publish to
api.publish('__typename', 'Subscription')

const waited: Promise<void> = api.subscribed('postAdded', 2)
void waited
// @ts-expect-error: not a field of the Subscription type
void api.subscribed('postRemoved')

// Without a type argument any field name and payload are accepted (checked against the schema at run time).
const untyped = createSchemaExecutor({ typeDefs: 'type Query { ok: Boolean }' })
untyped.publish('anything', { any: 'payload' })

// A Subscription field with its own event source.
const resolvers: SchemaResolvers = {
  Subscription: {
    countdown: {
      async *subscribe(_parent, args) {
        for (let n = args.from as number; n >= 0; n--) yield { countdown: n }
      },
      resolve: (event) => (event as { countdown: number }).countdown,
    },
  },
}
void resolvers
