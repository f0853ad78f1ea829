// Type tests (scripts/suite-types.mjs): the matchers of mocklib/vitest and mocklib/jest take what
// a call of the handler has: GraphQL variables of a typed document, params of the handler's type.
import { expect as jestExpect } from '@jest/globals'
import { expect } from 'vitest'
import 'mocklib/jest'
import 'mocklib/vitest'
import { graphql, http, HttpResponse } from 'mocklib'
import { DeletePostDocument } from '../../generated/graphql'

const deletePost = graphql.mutation(DeletePostDocument, () =>
  HttpResponse.json({ data: { deletePost: { id: '1', title: 'gone' } } }),
)
const createUser = http.post<{ team: string }>('https://api.test/teams/:team/users', () => HttpResponse.json({}))
const anyPath = http.get('https://api.test/users/:id', () => HttpResponse.json({}))

export async function vitestMatchers(): Promise<void> {
  expect(deletePost).toHaveBeenRequested()
  expect(deletePost).not.toHaveBeenRequestedTimes(2)
  expect(deletePost).toHaveBeenRequestedWith({ operationName: 'DeletePost', variables: { postId: '1' } })
  expect(deletePost).toHaveBeenRequestedWith({ variables: { postId: expect.any(String) }, query: expect.any(String) })
  expect(deletePost).toHaveBeenLastRequestedWith({ variables: expect.objectContaining({ postId: 1 }) })
  // @ts-expect-error: the variable is postId, not id
  expect(deletePost).toHaveBeenRequestedWith({ variables: { id: '1' } })
  // @ts-expect-error: postId is an ID (string or number)
  expect(deletePost).toHaveBeenNthRequestedWith(1, { variables: { postId: true } })
  // @ts-expect-error: an operation name is a string
  expect(deletePost).toHaveBeenRequestedWith({ operationName: 1 })

  expect(createUser).toHaveBeenNthRequestedWith(1, {
    params: { team: 'red' },
    query: { page: '2', tag: ['a', 'b'] },
    headers: { authorization: expect.stringMatching(/^Bearer /), cookie: undefined },
  })
  // @ts-expect-error: the handler's params have no id
  expect(createUser).toHaveBeenRequestedWith({ params: { id: '1' } })
  // @ts-expect-error: variables belong to GraphQL handlers
  expect(createUser).toHaveBeenRequestedWith({ variables: {} })
  // @ts-expect-error: a URL query value is a string or strings
  expect(createUser).toHaveBeenRequestedWith({ query: { page: 2 } })
  // A path without a params type: each parameter is a string or strings.
  expect(anyPath).toHaveBeenRequestedWith({ params: { id: '1' } })
  // @ts-expect-error: not a string
  expect(anyPath).toHaveBeenRequestedWith({ params: { id: 1 } })
  // @ts-expect-error: not a handler
  expect({ calls: 1 }).toHaveBeenRequestedWith({})

  // Without a body the matcher is synchronous; naming one makes it a promise to await.
  const now: void = expect(createUser).toHaveBeenRequestedWith({ params: { team: 'red' } })
  const later: Promise<void> = expect(createUser).toHaveBeenRequestedWith({ body: { name: 'Ann' } })
  // @ts-expect-error: a body is read, so the matcher returns a promise
  const notAwaited: void = expect(createUser).toHaveBeenLastRequestedWith({ body: 'text' })
  await expect(createUser).not.toHaveBeenNthRequestedWith(2, { body: expect.objectContaining({ name: 'Bob' }) })
  void [now, later, notAwaited]
}

export async function jestMatchers(): Promise<void> {
  jestExpect(deletePost).toHaveBeenRequested()
  jestExpect(deletePost).toHaveBeenRequestedTimes(1)
  jestExpect(deletePost).toHaveBeenRequestedWith({ variables: { postId: jestExpect.any(String) } })
  // @ts-expect-error: the variable is postId, not id
  jestExpect(deletePost).toHaveBeenRequestedWith({ variables: { id: '1' } })
  jestExpect(createUser).not.toHaveBeenLastRequestedWith({ params: { team: 'red' } })
  // @ts-expect-error: the handler's params have no id
  jestExpect(createUser).toHaveBeenNthRequestedWith(1, { params: { id: '1' } })
  await jestExpect(createUser).toHaveBeenRequestedWith({ body: jestExpect.objectContaining({ name: 'Ann' }) })
}
