// The goals of issues 7, 15, 18 and 31, each checked against figures from the same run.
// `met` is true, false, or null when the figures are missing (a scenario skipped or not run).
import { memoryWorkLabel } from './memory-work.mjs'

const KB = 1024

export function evaluateGoals(results) {
  const scenario = (id) => results.scenarios.find((s) => s.id === id)
  const ratio = (id, other) => scenario(id)?.ratios[`mocklib/${other}`]?.median
  const mine = (id) => scenario(id)?.contenders.mocklib?.medianUs
  const across = (a, b) => (mine(a) !== undefined && mine(b) !== undefined ? mine(a) / mine(b) : undefined)
  const goals = []
  const add = (goal, value, limit, unit = '×', note) => {
    const met = value === undefined || Number.isNaN(value) ? null : value <= limit
    goals.push({ goal, value, limit, unit, met, note })
  }

  add('REST 1 handler, fetch: mocklib ÷ msw', ratio('rest-fetch-1', 'msw'), 0.3)
  add('REST 1 handler, fetch: mocklib ÷ interceptors floor', ratio('rest-fetch-1', 'interceptors'), 1.3)
  add(
    '1,000 handlers, last ÷ 1 handler (mocklib)',
    across('rest-fetch-1000-last', 'rest-fetch-1'),
    1.3,
    '×',
    'ratio of medians across two scenarios',
  )
  add('1,000 handlers, last: mocklib ÷ msw (≥ 20× faster)', ratio('rest-fetch-1000-last', 'msw'), 0.05)
  add(
    'GraphQL 200 handlers, last ÷ 1 handler (mocklib)',
    across('graphql-200-last', 'graphql-1'),
    1.3,
    '×',
    'ratio of medians across two scenarios',
  )
  add(
    'GraphQL 200 linked handlers, last ÷ 1 handler (mocklib)',
    across('graphql-200-linked-last', 'graphql-1'),
    1.3,
    '×',
    'ratio of medians across two scenarios',
  )
  add('GraphQL 1 handler: mocklib ÷ msw', ratio('graphql-1', 'msw'), 0.3)
  add('GraphQL 1 handler: mocklib ÷ interceptors floor', ratio('graphql-1', 'interceptors'), 1.3)
  add('REST 1 handler, fetch: mocklib ÷ fetch-mock', ratio('rest-fetch-1', 'fetch-mock'), 1.5)
  add('GraphQL 1 handler, fetch: mocklib ÷ fetch-mock', ratio('graphql-1', 'fetch-mock'), 2)
  add('http.request: mocklib ÷ interceptors floor', ratio('rest-http-request', 'interceptors'), 1.2)
  add('axios: mocklib ÷ interceptors floor', ratio('rest-axios', 'interceptors'), 1.2)
  add('http.request: mocklib ÷ interceptors floor, lean goal', ratio('rest-http-request', 'interceptors'), 0.4)
  add('axios: mocklib ÷ interceptors floor, lean goal', ratio('rest-axios', 'interceptors'), 0.4)
  add('got: mocklib ÷ msw', ratio('rest-got', 'msw'), 0.3)
  add('listen() + close() cycle: mocklib ÷ msw', ratio('listen-close', 'msw'), 0.5)
  add('1,000 concurrent boundaries: mocklib ÷ msw', ratio('boundaries-1000', 'msw'), 0.5)
  add('SSE, 1,000 events over one stream: mocklib ÷ msw', ratio('sse-1000-events', 'msw'), 0.5)
  add('WebSocket connect + 1 echo: mocklib ÷ msw', ratio('ws-connect-echo', 'msw'), 0.5)
  add('WebSocket 10,000 messages over one connection: mocklib ÷ msw', ratio('ws-10000-messages', 'msw'), 0.5)
  add(
    '@defer, 3 fragments (deferSpec=20220824) ÷ the same query without @defer (mocklib/schema)',
    across('schema-defer-3', 'schema-3-fragments'),
    2,
    '×',
    'ratio of medians across two scenarios',
  )
  add(
    '@defer, 3 fragments (incrementalSpec=v0.2) ÷ the same query without @defer (mocklib/schema)',
    across('schema-defer-3-v02', 'schema-3-fragments'),
    2,
    '×',
    'ratio of medians across two scenarios',
  )
  add(
    'GraphQL subscription event, 10,000 to 1 subscriber ÷ a mocked GraphQL query over HTTP (mocklib)',
    across('graphql-ws-10000-events', 'graphql-1'),
    2,
    '×',
    'ratio of medians across two scenarios',
  )
  add(
    'GraphQL subscription event, 1 to 1,000 subscribers ÷ a mocked GraphQL query over HTTP (mocklib)',
    across('graphql-ws-1000-subscribers', 'graphql-1'),
    2,
    '×',
    'ratio of medians across two scenarios',
  )
  add(
    'GraphQL subscription event (GraphQL over SSE), 10,000 to 1 subscriber ÷ a mocked GraphQL query over HTTP (mocklib)',
    across('graphql-sse-10000-events', 'graphql-1'),
    2,
    '×',
    'ratio of medians across two scenarios',
  )
  add(
    'GraphQL subscription event (GraphQL over SSE), 1 to 1,000 subscribers ÷ a mocked GraphQL query over HTTP (mocklib)',
    across('graphql-sse-1000-subscribers', 'graphql-1'),
    2,
    '×',
    'ratio of medians across two scenarios',
  )
  add(
    'GraphQL subscription event (Apollo multipart), 10,000 to 1 subscriber ÷ a mocked GraphQL query over HTTP (mocklib)',
    across('graphql-multipart-10000-events', 'graphql-1'),
    2,
    '×',
    'ratio of medians across two scenarios',
  )
  add(
    'GraphQL subscription event (Apollo multipart), 1 to 1,000 subscribers ÷ a mocked GraphQL query over HTTP (mocklib)',
    across('graphql-multipart-1000-subscribers', 'graphql-1'),
    2,
    '×',
    'ratio of medians across two scenarios',
  )
  add(
    'Schema-backed subscription event, 10,000 to 1 subscriber ÷ a mocked GraphQL query over HTTP (mocklib)',
    across('schema-ws-10000-events', 'graphql-1'),
    2,
    '×',
    'ratio of medians across two scenarios',
  )
  add(
    'Schema-backed subscription event, 1 to 1,000 subscribers ÷ a mocked GraphQL query over HTTP (mocklib)',
    across('schema-ws-1000-subscribers', 'graphql-1'),
    2,
    '×',
    'ratio of medians across two scenarios',
  )

  // Restated: a resolver takes a Fetch Request and returns a Fetch Response, about MockAgent's whole cost.
  add('undici.request 1 handler: mocklib ÷ MockAgent', ratio('undici-request-1', 'mockagent'), 2.5)
  add(
    'undici.request 1 handler ÷ mocked fetch 1 handler (mocklib)',
    across('undici-request-1', 'rest-fetch-1'),
    1.0,
    '×',
    'ratio of medians across two scenarios',
  )
  add('undici.request 1,000 handlers, last: mocklib ÷ MockAgent', ratio('undici-request-1000-last', 'mockagent'), 0.2)
  add('undici.fetch 1 handler: mocklib ÷ MockAgent', ratio('undici-fetch-1', 'mockagent'), 1.0)

  add("fromOpenApi(GitHub's description), CPU", mine('openapi-load-github') / 1000, 1500, 'ms')
  add(
    'OpenAPI: a request to a generated handler ÷ a hand-written one (mocklib, GitHub issue)',
    across('openapi-generated', 'openapi-hand-written'),
    1.3,
    '×',
    'ratio of medians across two scenarios',
  )
  add(
    'OpenAPI: the same with requests and answers checked ÷ a hand-written one',
    across('openapi-checked', 'openapi-hand-written'),
    2,
    '×',
    'ratio of medians across two scenarios',
  )

  const cold = results.coldStart
  add('Cold start: mocklib ÷ msw', cold?.ratios['mocklib/msw']?.median, 0.5)
  add('Cold start: mocklib ÷ msw, issue 31 goal', cold?.ratios['mocklib/msw']?.median, 0.35)
  if (cold?.graphqlLoaded) {
    const count = cold.graphqlLoaded.esm.length + cold.graphqlLoaded.cjs.length
    add('Importing mocklib for REST loads no graphql (modules loaded, ESM + CJS)', count, 0, '')
  } else {
    add('Importing mocklib for REST loads no graphql (modules loaded, ESM + CJS)', undefined, 0, '')
  }

  for (const kind of [
    'fetch',
    'http',
    'listen-close',
    'ws-open-close',
    'graphql-ws-events',
    'graphql-sse-events',
    'graphql-multipart-events',
  ]) {
    const entry = results.memory?.find((m) => m.contender === 'mocklib' && m.kind === kind)
    const floor = results.memory?.find((m) => m.contender === 'interceptors' && m.kind === kind)
    const note = floor ? `interceptors floor alone: ${Math.round(floor.retainedPerUnit)} B` : undefined
    add(
      `Heap flat, ${memoryWorkLabel(kind)}: bytes retained per unit (mocklib, ${entry?.count ?? '?'} units)`,
      entry?.retainedPerUnit,
      KB,
      'B',
      note,
    )
  }
  return goals
}
