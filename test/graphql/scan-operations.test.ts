import { parse } from 'graphql'
import { expect, it } from 'vitest'
import { operationsOf } from '../../src/graphql/document-cache'
import { scanOperations } from '../../src/graphql/scan-operations'

// The definition-time scanner (no graphql-js) must agree with graphql-js on every document.
const documents = [
  'query ListPosts { posts { id title } }',
  'mutation CreatePost($post: PostInput! = {title: "a } {"}) { createPost(post: $post) { id } }',
  '{ a }',
  'query { a }',
  'query ($a: Int) { a }',
  '# query Fake\nfragment F on Post { id }\nquery A { ...F } mutation B { x }',
  'subscription OnPost @live { p }',
  'query Q($s: String = """block } { query X""") { a(s: "query Y {") }',
  'query\n  Spaced\n  { a }',
]

for (const text of documents) {
  it(`finds the operations of ${JSON.stringify(text).slice(0, 60)}`, () => {
    expect(scanOperations(text)).toEqual(operationsOf(parse(text)))
  })
}
