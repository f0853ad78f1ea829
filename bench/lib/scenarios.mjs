// The benchmark scenarios. Each one sets up one contender and returns `run(count)`, which
// performs `count` units of work (requests, cycles or boundaries) and checks every answer.
import { CLIENTS, LOAD_CLIENT, pool } from './clients.mjs'
import { echoSocketHandler, openExchangeClose, pingPong } from './echo-socket.mjs'
import { DEFER_SCENARIOS } from './defer-scenarios.mjs'
import { SUBSCRIPTION_SCENARIOS } from './subscription-scenarios.mjs'
import { GRAPHQL_TEXT, JSON_HEADERS, ORIGIN, POST, POST_TEXT, graphqlBody, toMsw3Origin } from './fixtures.mjs'
import { OPENAPI_SCENARIOS } from './openapi-scenarios.mjs'
import { UNDICI_SCENARIOS } from './undici-scenarios.mjs'

const LIBRARIES = ['mocklib', 'msw']
const ALL = ['mocklib', 'msw', 'interceptors', 'baseline']
/** Scenarios over fetch also run fetch-mock, which mocks fetch alone. */
const ALL_FETCH = ['mocklib', 'msw', 'fetch-mock', 'interceptors', 'baseline']
const LIBRARIES_FETCH = ['mocklib', 'msw', 'fetch-mock']
/** MSW 3 runs where its REST and linked GraphQL handlers answer the same requests (Node 22.12+). */
const WITH_MSW3 = ['mocklib', 'msw', 'msw3', 'fetch-mock']

function check(text, expected, what) {
  if (text !== expected) throw new Error(`${what}: unexpected answer ${JSON.stringify(String(text).slice(0, 200))}`)
}

/** A started server of a library contender (mocklib or msw) with these handlers. */
function startServer(lib, handlers) {
  const server = lib.setupServer(...handlers)
  server.listen({ onUnhandledRequest: 'error' })
  return server
}

/** The floor: bare interceptors answering every request with a fixed response. */
function startFloor(lib, text) {
  const interceptor = lib.createInterceptor()
  interceptor.apply()
  interceptor.on('request', ({ controller }) => {
    controller.respondWith(new Response(text, { headers: JSON_HEADERS }))
  })
  return interceptor
}

/**
 * fetch-mock with the given routes on the global fetch. Its call history grows with every call,
 * so it is cleared after each batch of requests (as a test suite's reset would).
 */
function startFetchMock(lib, routes) {
  const { fetchMock } = lib
  fetchMock.hardReset()
  routes(fetchMock)
  fetchMock.mockGlobal()
  return { clear: () => fetchMock.clearHistory(), stop: () => fetchMock.hardReset() }
}

/** The other floor: the resolver called directly, no interception. */
function baselineSend(url, init, text) {
  const resolver = () => new Response(text, { headers: JSON_HEADERS })
  return () => {
    const request = new Request(url, init)
    return resolver({ request }).text()
  }
}

/**
 * A request scenario: `handlers(lib)` for the libraries, one URL and client, `inFlight` at a time.
 */
function requestScenario({
  id,
  title,
  contenders,
  client = 'fetch',
  inFlight = 1,
  url,
  init,
  expected,
  handlers,
  routes,
  needs,
}) {
  contenders ??= routes === undefined ? ALL : ALL_FETCH
  return {
    id,
    title,
    unit: 'request',
    contenders,
    async setup(lib) {
      await LOAD_CLIENT[client]?.()
      if (needs && lib.name.startsWith('mocklib') && !needs(lib))
        return { skipped: 'mocklib does not export graphql yet' }
      let send
      let stop = () => {}
      let afterBatch = () => {}
      if (lib.name === 'baseline') {
        send = baselineSend(url, init, expected)
      } else if (lib.name === 'fetch-mock') {
        const mock = startFetchMock(lib, routes)
        stop = mock.stop
        afterBatch = mock.clear
        send = () => CLIENTS[client](url, init)
      } else {
        if (lib.name === 'interceptors') {
          const interceptor = startFloor(lib, expected)
          stop = () => interceptor.dispose()
        } else {
          const server = startServer(lib, handlers(lib))
          stop = () => server.close()
        }
        const request = CLIENTS[client]
        const target = lib.name === 'msw3' ? toMsw3Origin(url) : url
        send = () => request(target, init)
      }
      const one = async () => check(await send(), expected, id)
      return {
        async run(count) {
          await (inFlight === 1 ? sequential(count, one) : pool(count, inFlight, one))
          afterBatch()
        },
        teardown: stop,
      }
    },
  }
}

async function sequential(count, one) {
  for (let index = 0; index < count; index++) await one()
}

const post = (lib, path) => lib.http.get(`${ORIGIN}${path}`, () => lib.HttpResponse.json(POST))
/** REST, one handler, sent through a client other than fetch (`CLIENTS` in clients.mjs). */
const clientScenario = (id, title, client) =>
  requestScenario({
    id,
    title,
    client,
    url: `${ORIGIN}/posts/1`,
    expected: POST_TEXT,
    handlers: (lib) => [post(lib, '/posts/:id')],
  })
const manyRest = (lib) => {
  const handlers = []
  for (let index = 0; index < 1000; index++) {
    handlers.push(lib.http.get(`${ORIGIN}/r${index}/items/:id`, () => lib.HttpResponse.json(POST)))
  }
  return handlers
}
/** fetch-mock's routes for the same requests: a path with a parameter, an object answered as JSON. */
const postRoute = (path) => (fetchMock) => fetchMock.get(`express:${path}`, () => ({ body: POST }))
const manyRoutes = (fetchMock) => {
  for (let index = 0; index < 1000; index++) fetchMock.get(`express:/r${index}/items/:id`, () => ({ body: POST }))
}
const GRAPHQL_URL = `${ORIGIN}/graphql`
const graphqlInit = { method: 'POST', headers: JSON_HEADERS, body: graphqlBody('BenchQuery') }
const graphqlAnswer = (lib) => () => lib.HttpResponse.json(JSON.parse(GRAPHQL_TEXT))
const hasGraphql = (lib) => lib.graphql !== undefined
/** A GraphQL operation as fetch-mock matches one: the URL and the operation name in the JSON body. */
const graphqlRoute = (fetchMock, name) =>
  fetchMock.post(GRAPHQL_URL, () => ({ body: JSON.parse(GRAPHQL_TEXT) }), {
    body: { operationName: name },
    matchPartialBody: true,
  })
/**
 * 199 other operations, then BenchQuery; `api(lib)` gives each one's namespace (graphql, or a link).
 * fetch-mock's routes name the URL in both cases.
 */
function manyGraphqlScenario({ id, title, api, contenders = LIBRARIES_FETCH }) {
  return requestScenario({
    id,
    title,
    contenders,
    url: GRAPHQL_URL,
    init: graphqlInit,
    expected: GRAPHQL_TEXT,
    needs: hasGraphql,
    routes: (fetchMock) => {
      for (let index = 0; index < 199; index++) graphqlRoute(fetchMock, `Other${index}`)
      graphqlRoute(fetchMock, 'BenchQuery')
    },
    handlers: (lib) => {
      const handlers = []
      for (let index = 0; index < 199; index++) {
        const namespace = api(lib)
        const make = index % 2 === 0 ? namespace.query : namespace.mutation
        handlers.push(make(`Other${index}`, graphqlAnswer(lib)))
      }
      handlers.push(api(lib).query('BenchQuery', graphqlAnswer(lib)))
      return handlers
    },
  })
}
const WS_MESSAGES = Array.from({ length: 10_000 }, (_, index) => `message ${index}`)

/**
 * A WebSocket scenario: per unit, one connection to a ws.link that echoes every frame is opened,
 * `exchange(socket)` runs, and the socket is closed (echo-socket.mjs).
 */
function echoSocketScenario({ id, title, exchange }) {
  return {
    id,
    title,
    unit: 'connection',
    contenders: LIBRARIES,
    async setup(lib) {
      const server = startServer(lib, [await echoSocketHandler(lib)])
      return {
        async run(count) {
          for (let index = 0; index < count; index++) await openExchangeClose(exchange, id)
        },
        teardown: () => server.close(),
      }
    },
  }
}

const SSE_EVENTS = Array.from({ length: 1000 }, (_, index) => `{"index":${index},"text":"event number ${index}"}`)
const SSE_TEXT = SSE_EVENTS.map((data) => `data:${data}\n\n`).join('')

export const SCENARIOS = [
  requestScenario({
    id: 'rest-fetch-1',
    title: 'REST, 1 handler, fetch, sequential',
    contenders: [...ALL_FETCH.slice(0, 2), 'msw3', ...ALL_FETCH.slice(2)],
    url: `${ORIGIN}/posts/1`,
    expected: POST_TEXT,
    routes: postRoute('/posts/:id'),
    handlers: (lib) => [post(lib, '/posts/:id')],
  }),
  requestScenario({
    id: 'rest-fetch-1-x64',
    title: 'REST, 1 handler, fetch, 64 in flight',
    inFlight: 64,
    url: `${ORIGIN}/posts/1`,
    expected: POST_TEXT,
    routes: postRoute('/posts/:id'),
    handlers: (lib) => [post(lib, '/posts/:id')],
  }),
  requestScenario({
    id: 'rest-fetch-post-echo',
    title: 'REST, 1 handler, fetch POST whose resolver reads request.json()',
    contenders: LIBRARIES,
    url: `${ORIGIN}/posts`,
    init: { method: 'POST', headers: JSON_HEADERS, body: POST_TEXT },
    expected: POST_TEXT,
    handlers: (lib) => [
      lib.http.post(`${ORIGIN}/posts`, async ({ request }) => lib.HttpResponse.json(await request.json())),
    ],
  }),
  requestScenario({
    id: 'rest-fetch-1000-first',
    title: 'REST, 1,000 handlers, fetch matching the first',
    contenders: LIBRARIES_FETCH,
    url: `${ORIGIN}/r0/items/7`,
    expected: POST_TEXT,
    routes: manyRoutes,
    handlers: (lib) => manyRest(lib),
  }),
  requestScenario({
    id: 'rest-fetch-1000-last',
    title: 'REST, 1,000 handlers, fetch matching the last',
    contenders: WITH_MSW3,
    url: `${ORIGIN}/r999/items/7`,
    expected: POST_TEXT,
    routes: manyRoutes,
    handlers: (lib) => manyRest(lib),
  }),
  clientScenario('rest-http-request', 'REST, 1 handler, http.request', 'http'),
  clientScenario('rest-axios', 'REST, 1 handler, axios', 'axios'),
  clientScenario('rest-got', 'REST, 1 handler, got', 'got'),
  requestScenario({
    id: 'graphql-1',
    title: 'GraphQL, 2 KB query, 1 handler',
    url: GRAPHQL_URL,
    init: graphqlInit,
    expected: GRAPHQL_TEXT,
    needs: hasGraphql,
    routes: (fetchMock) => graphqlRoute(fetchMock, 'BenchQuery'),
    handlers: (lib) => [lib.graphql.query('BenchQuery', graphqlAnswer(lib))],
  }),
  manyGraphqlScenario({
    id: 'graphql-200-last',
    title: 'GraphQL, 2 KB query, 200 handlers, matching the last',
    api: (lib) => lib.graphql,
  }),
  manyGraphqlScenario({
    id: 'graphql-200-linked-last',
    title: 'GraphQL, 2 KB query, 200 graphql.link(url) handlers, matching the last',
    api: (lib) => lib.graphql.link(GRAPHQL_URL),
    contenders: WITH_MSW3,
  }),
  {
    id: 'use-reset',
    title: 'use() + fetch + resetHandlers() cycle',
    unit: 'cycle',
    contenders: LIBRARIES,
    async setup(lib) {
      const server = startServer(lib, [post(lib, '/other')])
      const url = `${ORIGIN}/posts/1`
      return {
        async run(count) {
          for (let index = 0; index < count; index++) {
            server.use(post(lib, '/posts/:id'))
            check(await (await fetch(url)).text(), POST_TEXT, 'use-reset')
            server.resetHandlers()
          }
        },
        teardown: () => server.close(),
      }
    },
  },
  {
    id: 'listen-close',
    title: 'listen() + close() cycle',
    unit: 'cycle',
    contenders: ['mocklib', 'msw', 'interceptors'],
    async setup(lib) {
      if (lib.name === 'interceptors') {
        const interceptor = lib.createInterceptor()
        const listener = () => {}
        return {
          async run(count) {
            for (let index = 0; index < count; index++) {
              interceptor.apply()
              interceptor.on('request', listener)
              interceptor.dispose()
            }
          },
          teardown() {},
        }
      }
      const server = lib.setupServer(post(lib, '/posts/:id'))
      const originalFetch = globalThis.fetch
      return {
        async run(count) {
          for (let index = 0; index < count; index++) {
            server.listen({ onUnhandledRequest: 'error' })
            server.close()
          }
          if (globalThis.fetch !== originalFetch) throw new Error('listen-close: fetch was not restored')
        },
        teardown() {},
      }
    },
  },
  {
    id: 'sse-1000-events',
    title: 'SSE, 1,000 events over one stream, fetch',
    unit: 'stream',
    contenders: LIBRARIES,
    async setup(lib) {
      // msw's sse() throws without a global EventSource (Node has none); give it the npm one.
      if (lib.name === 'msw' && globalThis.EventSource === undefined)
        globalThis.EventSource = (await import('eventsource')).EventSource
      const url = `${ORIGIN}/events`
      const server = startServer(lib, [
        lib.sse(url, ({ client }) => {
          for (let index = 0; index < 1000; index++) client.send({ data: SSE_EVENTS[index] })
          client.close()
        }),
      ])
      const init = { headers: { accept: 'text/event-stream' } }
      return {
        async run(count) {
          for (let index = 0; index < count; index++)
            check(await (await fetch(url, init)).text(), SSE_TEXT, 'sse-1000-events')
        },
        teardown: () => server.close(),
      }
    },
  },
  echoSocketScenario({
    id: 'ws-connect-echo',
    title: 'WebSocket, connect + 1 echo round trip + close, global WebSocket',
    exchange: (socket) => pingPong(socket, 'ws-connect-echo'),
  }),
  echoSocketScenario({
    id: 'ws-10000-messages',
    title: 'WebSocket, 10,000 messages echoed over one connection',
    exchange(socket) {
      return new Promise((resolve) => {
        let received = 0
        socket.onmessage = (event) => {
          if (event.data !== WS_MESSAGES[received])
            throw new Error(`ws-10000-messages: frame ${received} was ${event.data}`)
          if (++received === WS_MESSAGES.length) resolve()
        }
        for (const message of WS_MESSAGES) socket.send(message)
      })
    },
  }),
  {
    id: 'boundaries-1000',
    title: '1,000 concurrent boundaries (use + fetch inside each)',
    unit: 'boundary',
    contenders: LIBRARIES,
    async setup(lib) {
      const server = startServer(lib, [post(lib, '/other')])
      const one = server.boundary(async (index) => {
        server.use(lib.http.get(`${ORIGIN}/b/:id`, ({ params }) => lib.HttpResponse.json({ id: params.id })))
        const text = await (await fetch(`${ORIGIN}/b/${index}`)).text()
        check(text, `{"id":"${index}"}`, 'boundaries-1000')
      })
      return {
        async run(count) {
          for (let done = 0; done < count; done += 1000) {
            const wave = []
            for (let index = 0; index < 1000; index++) wave.push(one(index))
            await Promise.all(wave)
          }
        },
        teardown: () => server.close(),
        /** Units come in waves of 1,000. */
        step: 1000,
      }
    },
  },
  ...DEFER_SCENARIOS,
  ...SUBSCRIPTION_SCENARIOS,
  ...UNDICI_SCENARIOS,
  ...OPENAPI_SCENARIOS,
]
