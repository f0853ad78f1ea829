// Type tests (scripts/suite-types.mjs): data and variables types inferred from a
// TypedDocumentNode (typed-document-node plugin) and a TypedDocumentString (client preset,
// string mode). A wrong body is an error on the body's line, never on the handler.
import { graphql, HttpResponse, type ResultOf, type VariablesOf } from 'mocklib'
import * as client from '../../generated/client/graphql'
import { CreatePostDocument, DeletePostDocument, ListPostsDocument } from '../../generated/graphql'

// TypedDocumentNode
graphql.query(ListPostsDocument, () => HttpResponse.json({ data: { posts: [{ id: '1', title: 'a' }] } }))
graphql.query(ListPostsDocument, () =>
  // @ts-expect-error: title must be a string
  HttpResponse.json({ data: { posts: [{ id: '1', title: 1 }] } }),
)
graphql.query(ListPostsDocument, () =>
  // @ts-expect-error: extra keys are not fields of the query
  HttpResponse.json({ data: { posts: [], extra: true } }),
)
graphql.mutation(CreatePostDocument, ({ variables }) => {
  const title: string = variables.post.title
  if (title === '') return HttpResponse.json({ errors: [{ message: 'title is empty' }] })
  return HttpResponse.json({ data: { createPost: { id: title } } })
})
graphql.mutation(DeletePostDocument, ({ variables }) => {
  // @ts-expect-error: the variable is postId
  void variables.id
  return HttpResponse.json({ data: { deletePost: null } })
})

// TypedDocumentString
graphql.query(client.ListPostsDocument, () => HttpResponse.json({ data: { posts: [] } }))
graphql.query(client.ListPostsDocument, () =>
  // @ts-expect-error: posts must be an array
  HttpResponse.json({ data: { posts: 'none' } }),
)
graphql.mutation(client.DeletePostDocument, ({ variables }) =>
  HttpResponse.json({ data: { deletePost: { id: String(variables.postId), title: 'gone' } } }),
)

// The same types, by name, for resolvers written apart from their handler.
type ListPosts = ResultOf<typeof ListPostsDocument>
type ListPostsString = ResultOf<typeof client.ListPostsDocument>
const fromNode: ListPosts = { posts: [{ id: '1', title: 'a' }] }
const fromString: ListPostsString = fromNode
const deleteVariables: VariablesOf<typeof client.DeletePostDocument> = { postId: '1' }
void [fromString, deleteVariables]

// A document of another operation type is refused.
// @ts-expect-error: CreatePost is a mutation
graphql.query(CreatePostDocument, () => undefined)
