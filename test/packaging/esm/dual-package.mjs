// The dual-package hazard: an application whose code imports mocklib while
// a dependency requires it (or the reverse) holds handlers from both builds. Each build's
// setupServer must accept the other's handlers of every kind, and answer with them: REST,
// GraphQL, server-sent events, WebSocket links, GraphQL subscriptions and the schema executor
// (its handler, its per-test overrides, and its subscriptions on a socket).
import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import { createClient } from 'graphql-ws'
import WebSocket from 'ws'
import * as esm from 'mocklib'
import * as esmNode from 'mocklib/node'
import * as esmSchema from 'mocklib/schema'
import { createHarness } from '../fixtures/harness.cjs'

const require = createRequire(import.meta.url)
const cjs = require('mocklib')
const cjsNode = require('mocklib/node')
const cjsSchema = require('mocklib/schema')

const harness = createHarness('handlers across the ESM and CommonJS builds')

const typeDefs = 'type Query { who: String! }  type Subscription { who: String! }'

function handlersOf(lib, tag) {
  const chat = lib.ws.link('wss://api.test/chat')
  const subscriptions = lib.graphql.link('https://api.test/graphql')
  return [
    lib.http.get('https://api.test/who', () => lib.HttpResponse.json({ from: tag })),
    lib.http.get('https://api.test/once', () => lib.HttpResponse.text(tag), { once: true }),
    lib.graphql.query('Who', () => lib.HttpResponse.json({ data: { from: tag } })),
    lib.sse('https://api.test/events', ({ client }) => {
      client.send({ data: tag })
      client.close()
    }),
    chat.addEventListener('connection', ({ client }) => client.send(`hello from ${tag}`)),
    subscriptions.subscription('OnWho', ({ subscription }) => {
      subscription.publish({ data: { from: tag } })
      subscription.complete()
    }),
  ]
}

/** The schema executor's handler and an override before it, both made by `schema`'s build. */
function executorHandlersOf(schema, tag) {
  const api = schema.createSchemaExecutor({ typeDefs })
  return {
    api,
    handlers: [
      api.override({ Query: { who: tag }, Subscription: { who: () => `${tag} event` } }),
      api.handler('https://api.test/schema'),
    ],
  }
}

function firstMessage(url) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url)
    socket.on('message', (data) => {
      resolve(String(data))
      socket.close()
    })
    socket.on('error', reject)
  })
}

function subscribe(url, query, onSubscribed = () => {}) {
  const client = createClient({ url, webSocketImpl: WebSocket, retryAttempts: 0, lazy: true })
  return new Promise((resolve, reject) => {
    const results = []
    client.subscribe(
      { query },
      {
        next: (value) => {
          results.push(value)
        },
        error: reject,
        complete: () => resolve(results),
      },
    )
    onSubscribed()
  }).finally(() => client.dispose())
}

async function ask() {
  const rest = await (await fetch('https://api.test/who')).json()
  const response = await fetch('https://api.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'query Who { from }' }),
  })
  const events = await (await fetch('https://api.test/events', { headers: { accept: 'text/event-stream' } })).text()
  return {
    rest,
    graphql: await response.json(),
    events,
    socket: await firstMessage('wss://api.test/chat'),
    subscription: await subscribe('wss://api.test/graphql', 'subscription OnWho { from }'),
  }
}

/** A once handler answers once, and its `isUsed` (read by its own build) says so. */
async function usedOnce(handler) {
  const before = handler.isUsed
  const answer = await (await fetch('https://api.test/once')).text()
  return { before, answer, after: handler.isUsed }
}

async function askExecutor(api) {
  const response = await fetch('https://api.test/schema', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ who }' }),
  })
  const events = subscribe('wss://api.test/schema', 'subscription { who }')
  // A subscription that fails never becomes active: the race reports its error instead of waiting.
  await Promise.race([
    api.subscribed('who'),
    events.then(() => assert.fail('the subscription ended before it started')),
  ])
  api.publish('who', 'published')
  api.reset()
  return { query: await response.json(), subscription: await events }
}

function expected(tag) {
  return {
    rest: { from: tag },
    graphql: { data: { from: tag } },
    events: `data:${tag}\n\n`,
    socket: `hello from ${tag}`,
    subscription: [{ data: { from: tag } }],
  }
}

for (const [serverBuild, node, handlerBuild, lib, schema] of [
  ['ESM', esmNode, 'CommonJS', cjs, cjsSchema],
  ['CommonJS', cjsNode, 'ESM', esm, esmSchema],
]) {
  harness.check(`the ${serverBuild} setupServer answers with ${handlerBuild} handlers of every kind`, async () => {
    assert.notEqual(esm.http, cjs.http, 'the two builds are distinct copies')
    const server = node.setupServer(...handlersOf(lib, handlerBuild))
    server.listen({ onUnhandledRequest: 'error' })
    try {
      assert.deepEqual(await ask(), expected(handlerBuild))
      assert.deepEqual(await usedOnce(server.listHandlers()[1]), { before: false, answer: handlerBuild, after: true })
      server.use(...handlersOf(lib, 'override'))
      assert.deepEqual(await ask(), expected('override'))
    } finally {
      server.close()
    }
  })

  harness.check(
    `the ${serverBuild} setupServer runs the ${handlerBuild} build's schema executor, its overrides and its subscriptions`,
    async () => {
      const { api, handlers } = executorHandlersOf(schema, handlerBuild)
      const server = node.setupServer(...handlers)
      server.listen({ onUnhandledRequest: 'error' })
      try {
        assert.deepEqual(await askExecutor(api), {
          query: { data: { who: handlerBuild } },
          subscription: [{ data: { who: `${handlerBuild} event` } }],
        })
      } finally {
        server.close()
      }
    },
  )
}

await harness.run()
