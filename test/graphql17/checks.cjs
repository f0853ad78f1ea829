'use strict'
// mocklib against graphql 17, written once for the ESM and the CommonJS script of
// scripts/suite-graphql17.mjs. Each script loads mocklib, mocklib/schema and graphql its own way
// (import or require) and passes them in, so everything here runs on that format's copies.
const assert = require('node:assert/strict')
const { join } = require('node:path')
const { createHarness } = require('./harness.cjs')

const API = 'https://api.example.test/graphql'
const SCHEMA_API = 'https://schema.example.test/graphql'
const CHECKED_API = 'https://checked.example.test/graphql'
const MODERN_ACCEPT = 'application/graphql-response+json, application/json;q=0.9'
const LEGACY_ACCEPT = 'application/json'

const LIST_POSTS = 'query ListPosts { posts { id title } }'
const CREATE_POST = 'mutation CreatePost($post: PostInput!) { createPost(post: $post) { id } }'
const DELETE_POST = 'mutation DeletePost($postId: ID!) { deletePost(id: $postId) { id title } }'

/** POSTs a GraphQL request (or a batch) as JSON; resolves to status, content type and parsed body. */
async function post(url, body, accept) {
  const headers = { 'content-type': 'application/json' }
  if (accept !== undefined) headers.accept = accept
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) })
  return { status: response.status, contentType: response.headers.get('content-type'), body: await response.json() }
}

/** The tutorial of SPEC.md section 4.2, hand-written. */
function tutorialHandlers({ graphql, HttpResponse }) {
  const posts = new Map([['1', { id: '1', title: 'Hello' }]])
  return [
    graphql.query('ListPosts', () => HttpResponse.json({ data: { posts: [...posts.values()] } })),
    graphql.mutation('CreatePost', ({ variables }) => {
      const created = { id: String(posts.size + 1), ...variables.post }
      posts.set(created.id, created)
      return HttpResponse.json({ data: { createPost: { id: created.id } } })
    }),
    graphql.mutation('DeletePost', ({ variables }) => {
      const found = posts.get(variables.postId)
      if (found === undefined) return HttpResponse.json({ errors: [{ message: `No post "${variables.postId}"` }] })
      posts.delete(found.id)
      return HttpResponse.json({ data: { deletePost: found } })
    }),
  ]
}

/** The tutorial served by the schema executor, as in README "Schema-backed GraphQL". */
function postsExecutor({ createSchemaExecutor }, { GraphQLError }, source) {
  return createSchemaExecutor({
    ...source,
    resolvers: (store) => {
      const list = () => store.get('Query', 'ROOT', 'posts')
      return {
        Mutation: {
          createPost: (_parent, { post: input }) => {
            const id = input.id ?? `post-${list().length + 1}`
            store.set('Post', id, { id, title: input.title })
            const created = store.get('Post', id)
            store.set('Query', 'ROOT', 'posts', [...list(), created])
            return created
          },
          deletePost: (_parent, { id }) => {
            const found = list().find((ref) => ref.$ref.key === id)
            if (found === undefined) throw new GraphQLError(`There is no post with the id "${id}".`)
            store.set(
              'Query',
              'ROOT',
              'posts',
              list().filter((ref) => ref !== found),
            )
            return found
          },
        },
      }
    },
  })
}

/** Runs `fn` with console[method] captured; resolves to what `fn` returned and the printed lines. */
async function capture(method, fn) {
  const lines = []
  const original = console[method]
  console[method] = (...args) => lines.push(args.map(String).join(' '))
  try {
    return { value: await fn(), lines }
  } finally {
    console[method] = original
  }
}

function runGraphQL17Suite({ format, extension, mocklib, mocklibNode, mocklibSchema, graphql, resolved, projectDir }) {
  const harness = createHarness(`mocklib with graphql ${graphql.version} from ${format}`)
  const { HttpResponse } = mocklib
  const schemaDir = join(projectDir, 'schema')
  const api = postsExecutor(mocklibSchema, graphql, { schemaFiles: schemaDir })
  const server = mocklibNode.setupServer(api.handler(SCHEMA_API), ...tutorialHandlers(mocklib))

  harness.check(`graphql 17 and the ${format} build of mocklib are the ones loaded`, () => {
    assert.equal(graphql.versionInfo.major, 17)
    assert.match(resolved.graphql, /[\\/]node_modules[\\/]graphql[\\/]/)
    assert.match(resolved.mocklib, new RegExp(`[\\\\/]dist[\\\\/]index\\.${extension}$`))
    assert.match(resolved.schema, new RegExp(`[\\\\/]dist[\\\\/]schema\\.${extension}$`))
  })

  harness.check('setupServer listens', () => server.listen({ onUnhandledRequest: 'error' }))

  // SPEC.md section 4.2 with hand-written handlers.
  harness.check('ListPosts answers data.posts', async () => {
    const { status, body } = await post(API, { query: LIST_POSTS, operationName: 'ListPosts' })
    assert.equal(status, 200)
    assert.deepEqual(body, { data: { posts: [{ id: '1', title: 'Hello' }] } })
  })

  harness.check('CreatePost with variables answers the new id; ListPosts then lists it', async () => {
    const created = await post(API, { query: CREATE_POST, variables: { post: { title: 'Second' } } })
    assert.deepEqual(created.body, { data: { createPost: { id: '2' } } })
    const listed = await post(API, { query: LIST_POSTS })
    assert.deepEqual(listed.body.data.posts, [
      { id: '1', title: 'Hello' },
      { id: '2', title: 'Second' },
    ])
  })

  harness.check('DeletePost answers the deleted post, then an errors body for the same id', async () => {
    const deleted = await post(API, { query: DELETE_POST, variables: { postId: '2' } })
    assert.deepEqual(deleted.body, { data: { deletePost: { id: '2', title: 'Second' } } })
    const again = await post(API, { query: DELETE_POST, variables: { postId: '2' } })
    assert.equal(again.status, 200)
    assert.deepEqual(again.body, { errors: [{ message: 'No post "2"' }] })
  })

  harness.check('a GET query is answered; a GET mutation answers 405 without running the resolver', async () => {
    const url = new URL(API)
    url.searchParams.set('query', LIST_POSTS)
    url.searchParams.set('operationName', 'ListPosts')
    const response = await fetch(url)
    assert.equal(response.status, 200)
    assert.deepEqual(await response.json(), { data: { posts: [{ id: '1', title: 'Hello' }] } })

    const mutation = new URL(API)
    mutation.searchParams.set('query', CREATE_POST)
    mutation.searchParams.set('variables', JSON.stringify({ post: { title: 'Never' } }))
    const refused = await fetch(mutation)
    assert.equal(refused.status, 405)
    assert.equal(refused.headers.get('allow'), 'POST')
    assert.equal((await post(API, { query: LIST_POSTS })).body.data.posts.length, 1)
  })

  harness.check('a batch (JSON array) answers every entry, in order', async () => {
    const { status, body } = await post(API, [
      { query: CREATE_POST, operationName: 'CreatePost', variables: { post: { title: 'Batched' } } },
      { query: LIST_POSTS, operationName: 'ListPosts' },
    ])
    assert.equal(status, 200)
    assert.deepEqual(body, [
      { data: { createPost: { id: '2' } } },
      {
        data: {
          posts: [
            { id: '1', title: 'Hello' },
            { id: '2', title: 'Batched' },
          ],
        },
      },
    ])
  })

  harness.check(
    "a DocumentNode from graphql 17's parse() is a predicate; a mutation document given to graphql.query() throws",
    async () => {
      const titles = graphql.parse('query PostTitles { posts { title } }')
      server.use(
        mocklib.graphql.query(titles, ({ operationName, operationType }) =>
          HttpResponse.json({ data: { posts: [{ title: `${operationType} ${operationName}` }] } }),
        ),
      )
      const { body } = await post(API, { query: graphql.print(titles) })
      assert.deepEqual(body, { data: { posts: [{ title: 'query PostTitles' }] } })
      assert.throws(
        () => mocklib.graphql.query(graphql.parse(CREATE_POST), () => undefined),
        /mutation "CreatePost".*graphql\.mutation\(\)/,
      )
      server.resetHandlers()
    },
  )

  harness.check('an unhandled operation is reported with the closest handler name', async () => {
    const { lines } = await capture('error', () =>
      assert.rejects(post(API, { query: 'query ListPost { posts { id } }' })),
    )
    const text = lines.join('\n')
    assert.match(text, /GraphQL query "ListPost"/)
    assert.match(text, /The closest handler, "query ListPosts \(origin: \*\)".*this is "ListPost" \(1 edit apart\)/)
  })

  // mocklib/schema: the same tutorial served by the executor from schema/posts.graphql.
  harness.check('schema executor: ListPosts answers two generated posts, with __typename when asked', async () => {
    const { status, contentType, body } = await post(
      SCHEMA_API,
      { query: 'query ListPosts { posts { __typename id title } }' },
      MODERN_ACCEPT,
    )
    assert.equal(status, 200)
    assert.equal(contentType, 'application/graphql-response+json')
    assert.equal(body.errors, undefined)
    assert.equal(body.data.posts.length, 2)
    for (const listed of body.data.posts) {
      assert.deepEqual(Object.keys(listed), ['__typename', 'id', 'title'])
      assert.equal(listed.__typename, 'Post')
      assert.equal(typeof listed.id, 'string')
      assert.equal(typeof listed.title, 'string')
    }
  })

  harness.check(
    'schema executor: CreatePost is listed next; DeletePost of an unknown id answers data null and a located error',
    async () => {
      const created = await post(SCHEMA_API, {
        query: CREATE_POST,
        variables: { post: { id: 'p-new', title: 'From a test' } },
      })
      assert.deepEqual(created.body, { data: { createPost: { id: 'p-new' } } })
      const listed = await post(SCHEMA_API, { query: LIST_POSTS })
      assert.deepEqual(listed.body.data.posts[2], { id: 'p-new', title: 'From a test' })
      const deleted = await post(SCHEMA_API, { query: DELETE_POST, variables: { postId: 'p-new' } })
      assert.deepEqual(deleted.body, { data: { deletePost: { id: 'p-new', title: 'From a test' } } })
      const missing = await post(SCHEMA_API, { query: DELETE_POST, variables: { postId: 'p-new' } })
      assert.equal(missing.status, 200)
      assert.deepEqual(missing.body.data, { deletePost: null })
      assert.equal(missing.body.errors.length, 1)
      assert.equal(missing.body.errors[0].message, 'There is no post with the id "p-new".')
      assert.deepEqual(missing.body.errors[0].path, ['deletePost'])
      api.reset()
      assert.equal((await post(SCHEMA_API, { query: LIST_POSTS })).body.data.posts.length, 2)
    },
  )

  harness.check(
    'schema executor: a validation error is 422 (200 for a legacy client), a syntax error 400, bad variables 422',
    async () => {
      const unknownField = { query: 'query ListPosts { posts { id body } }' }
      const modern = await post(SCHEMA_API, unknownField, MODERN_ACCEPT)
      assert.equal(modern.status, 422)
      assert.equal(modern.body.data, undefined)
      assert.match(modern.body.errors[0].message, /"body"/)
      assert.deepEqual(modern.body.errors[0].locations, [{ line: 1, column: 30 }])
      const legacy = await post(SCHEMA_API, unknownField, LEGACY_ACCEPT)
      assert.equal(legacy.status, 200)
      assert.equal(legacy.contentType, 'application/json')
      assert.equal(legacy.body.errors.length, 1)
      const syntax = await post(SCHEMA_API, { query: 'query ListPosts { posts { id ' }, MODERN_ACCEPT)
      assert.equal(syntax.status, 400)
      assert.match(syntax.body.errors[0].message, /Syntax Error/)
      const variables = await post(
        SCHEMA_API,
        { query: DELETE_POST, variables: { postId: { not: 'an id' } } },
        MODERN_ACCEPT,
      )
      assert.equal(variables.status, 422)
      assert.equal(variables.body.data, undefined)
      assert.match(variables.body.errors[0].message, /\$postId/)
    },
  )

  harness.check('schema executor: execute() and an override answer through graphql 17', async () => {
    const result = await api.execute({ query: 'query Count { posts { id } }' })
    assert.equal(result.errors, undefined)
    assert.equal(result.data.posts.length, 2)
    server.use(api.override({ Post: { title: 'Pinned title' } }))
    const { body } = await post(SCHEMA_API, { query: LIST_POSTS })
    assert.deepEqual(
      body.data.posts.map((listed) => listed.title),
      ['Pinned title', 'Pinned title'],
    )
    server.resetHandlers()
    const after = await post(SCHEMA_API, { query: LIST_POSTS })
    assert.notEqual(after.body.data.posts[0].title, 'Pinned title')
  })

  harness.check(
    'schema-checked bodies: a fitting body is sent as a server would; a misfit answers 500 naming the path',
    async () => {
      const checked = mocklib.graphql.link(CHECKED_API)
      server.use(
        ...api.checkAll([
          checked.query('ListPosts', () =>
            HttpResponse.json({ data: { posts: [{ id: 1, title: 'Hello', extra: 'dropped' }] } }),
          ),
          checked.query('BadPosts', () => HttpResponse.json({ data: { posts: [{ id: '1', title: null }] } })),
        ]),
      )
      const fits = await post(CHECKED_API, { query: 'query ListPosts { posts { __typename id title } }' })
      assert.equal(fits.status, 200)
      assert.deepEqual(fits.body, { data: { posts: [{ __typename: 'Post', id: '1', title: 'Hello' }] } })
      const { value: misfit, lines } = await capture('error', () =>
        post(CHECKED_API, { query: 'query BadPosts { posts { id title } }' }),
      )
      assert.equal(misfit.status, 500)
      assert.equal(misfit.body.name, 'BodyMismatchError')
      assert.match(
        misfit.body.message,
        /The mock body of the handler "query BadPosts \(origin: https:\/\/checked\.example\.test\/graphql\)"/,
      )
      assert.match(misfit.body.message, /posts\[0\]\.title: null in non-null field Post\.title \(String!\)/)
      assert.ok(lines.length > 0)
      server.resetHandlers()
    },
  )

  harness.check('schema executor: a GraphQLSchema built by this graphql 17 (buildSchema) is accepted', async () => {
    const { readFileSync } = require('node:fs')
    const sdl = readFileSync(join(schemaDir, 'posts.graphql'), 'utf8')
    const fromSchema = postsExecutor(mocklibSchema, graphql, { schema: graphql.buildSchema(sdl) })
    const result = await fromSchema.execute({ query: CREATE_POST, variables: { post: { id: 'x', title: 'Built' } } })
    // Execution results are null-prototype objects: compare them as the JSON a server would send.
    assert.deepEqual(JSON.parse(JSON.stringify(result)), { data: { createPost: { id: 'x' } } })
  })

  // @defer/@stream: graphql 17 produces both formats itself (legacyExecuteIncrementally and
  // experimentalExecuteIncrementally); the schema gets the directives from graphql 17.
  const DEFER_API = 'https://defer.example.test/graphql'
  const heroApi = mocklibSchema.createSchemaExecutor({
    typeDefs: 'type Query { hero: Hero! colors: [String!]! } type Hero { id: ID! name: String! secret: String! }',
    resolvers: {
      Query: { hero: () => ({ id: '1', name: 'Luke' }), colors: () => ['red', 'green', 'blue'] },
      Hero: {
        secret: () => {
          throw new graphql.GraphQLError('Classified.')
        },
      },
    },
  })
  const HERO_DEFER = 'query Hero { hero { id ... @defer(label: "HeroName") { name } } }'
  const INCREMENTAL_ACCEPT = {
    legacy: 'multipart/mixed;deferSpec=20220824,application/graphql-response+json,application/json;q=0.9',
    v02: 'multipart/mixed;incrementalSpec=v0.2,application/graphql-response+json,application/json;q=0.9',
  }
  /** The JSON parts of a multipart/mixed answer, read whole. */
  async function parts(query, accept) {
    const response = await fetch(DEFER_API, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept },
      body: JSON.stringify({ query }),
    })
    assert.equal(response.headers.get('content-type'), 'multipart/mixed; boundary="-"')
    const text = await response.text()
    assert.ok(text.endsWith('\r\n-----\r\n'), 'the body ends with the closing delimiter')
    return text
      .split('\r\n---')
      .slice(1, -1)
      .map((part) => JSON.parse(part.slice(part.indexOf('\r\n\r\n') + 4)))
  }

  harness.check('@defer, deferSpec=20220824: the initial data, then the fragment by path and label', async () => {
    server.use(heroApi.handler(DEFER_API))
    assert.deepEqual(await parts(HERO_DEFER, INCREMENTAL_ACCEPT.legacy), [
      { data: { hero: { id: '1' } }, hasNext: true },
      { incremental: [{ data: { name: 'Luke' }, path: ['hero'], label: 'HeroName' }], hasNext: false },
    ])
  })

  harness.check('@defer, incrementalSpec=v0.2: pending, incremental by id, completed', async () => {
    assert.deepEqual(await parts(HERO_DEFER, INCREMENTAL_ACCEPT.v02), [
      { data: { hero: { id: '1' } }, pending: [{ id: '0', path: ['hero'], label: 'HeroName' }], hasNext: true },
      { incremental: [{ id: '0', data: { name: 'Luke' } }], completed: [{ id: '0' }], hasNext: false },
    ])
  })

  harness.check(
    '@stream(initialCount: 1) in both formats; an error in a deferred fragment completes it with errors',
    async () => {
      const streamed = (all) => all.slice(1).flatMap((part) => (part.incremental ?? []).flatMap((entry) => entry.items))
      const legacy = await parts('{ colors @stream(initialCount: 1) }', INCREMENTAL_ACCEPT.legacy)
      assert.deepEqual(legacy[0], { data: { colors: ['red'] }, hasNext: true })
      assert.deepEqual(streamed(legacy), ['green', 'blue'])
      const modern = await parts('{ colors @stream(initialCount: 1) }', INCREMENTAL_ACCEPT.v02)
      assert.deepEqual(modern[0].pending, [{ id: '0', path: ['colors'] }])
      assert.deepEqual(streamed(modern), ['green', 'blue'])
      const failed = await parts('{ hero { id ... @defer(label: "S") { secret } } }', INCREMENTAL_ACCEPT.v02)
      const completed = failed.slice(1).flatMap((part) => part.completed ?? [])
      assert.equal(completed[0].errors[0].message, 'Classified.')
    },
  )

  harness.check(
    '@defer without multipart in Accept: one complete result; a query without @defer still runs',
    async () => {
      const { status, body } = await post(DEFER_API, { query: HERO_DEFER }, MODERN_ACCEPT)
      assert.equal(status, 200)
      assert.deepEqual(body, { data: { hero: { id: '1', name: 'Luke' } } })
      const plain = await post(DEFER_API, { query: '{ colors }' }, MODERN_ACCEPT)
      assert.deepEqual(plain.body, { data: { colors: ['red', 'green', 'blue'] } })
    },
  )

  harness.check('incrementalResponse() from a hand-written handler, in the v0.2 format', async () => {
    server.use(
      mocklib.graphql
        .link(DEFER_API)
        .query('Hero', ({ request }) =>
          mocklib.incrementalResponse(request, { data: { hero: { id: '9' } } }, [
            { path: ['hero'], label: 'HeroName', data: { name: 'Rey' } },
          ]),
        ),
    )
    assert.deepEqual(await parts(HERO_DEFER, INCREMENTAL_ACCEPT.v02), [
      { data: { hero: { id: '9' } }, pending: [{ id: '0', path: ['hero'], label: 'HeroName' }], hasNext: true },
      { incremental: [{ id: '0', data: { name: 'Rey' } }], completed: [{ id: '0' }], hasNext: false },
    ])
    server.resetHandlers()
  })

  // Subscriptions from the schema: graphql 17's subscribe, over GraphQL over SSE (plain fetch, no client).
  const FEED_API = 'https://feed.example.test/graphql'
  const feedApi = mocklibSchema.createSchemaExecutor({
    typeDefs:
      'type Query { ok: Boolean } type Post { id: ID! title: String! } type Subscription { postAdded: Post! countdown(from: Int!): Int! }',
    resolvers: {
      Subscription: {
        countdown: {
          async *subscribe(_parent, args) {
            for (let n = args.from; n >= 0; n--) yield { countdown: n }
          },
        },
      },
    },
  })
  /** The payloads of an event stream's `next` events, read whole. */
  async function nextEvents(response) {
    assert.match(response.headers.get('content-type'), /^text\/event-stream/)
    const text = await response.text()
    return text
      .split('\n\n')
      .filter((block) => /^event: ?next$/m.test(block))
      .map((block) => JSON.parse(block.match(/^data: ?(.*)$/m)[1]))
  }
  const subscribeOverSse = (query, variables) =>
    fetch(FEED_API, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query, variables }),
    })

  harness.check(
    'schema subscriptions over SSE: a Subscription field’s own source, then publish() with the selection set',
    async () => {
      server.use(feedApi.handler(FEED_API))
      assert.deepEqual(
        await nextEvents(await subscribeOverSse('subscription ($from: Int!) { countdown(from: $from) }', { from: 1 })),
        [{ data: { countdown: 1 } }, { data: { countdown: 0 } }],
      )
      const pending = subscribeOverSse('subscription { postAdded { title } }')
      await feedApi.subscribed('postAdded')
      assert.equal(feedApi.publish('postAdded', { id: '1', title: 'Hello' }), 1)
      feedApi.reset()
      assert.deepEqual(await nextEvents(await pending), [{ data: { postAdded: { title: 'Hello' } } }])
      server.resetHandlers()
    },
  )

  harness.check('close() restores fetch', () => {
    const patched = globalThis.fetch
    server.close()
    assert.notEqual(globalThis.fetch, patched)
  })

  return harness
}

module.exports = { runGraphQL17Suite }
