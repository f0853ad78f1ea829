// The @defer scenarios: the schema executor answers one query with 3 fragments,
// either deferred (multipart/mixed, read whole) or not. Goal: the deferred one costs at most
// 2× the CPU of the plain one (bench/lib/goals.mjs compares the two medians of one run).
import { ORIGIN } from './fixtures.mjs'

const URL = `${ORIGIN}/defer-graphql`
const TYPE_DEFS = /* GraphQL */ `
  type Query { hero: Hero! }
  type Hero { id: ID! name: String! home: Planet! friends: [Friend!]! }
  type Planet { id: ID! name: String! climate: String! }
  type Friend { id: ID! name: String! }
`
const HERO = {
  id: '1',
  name: 'Luke',
  home: { id: 'p1', name: 'Tatooine', climate: 'arid' },
  friends: [
    { id: 'f1', name: 'Han' },
    { id: 'f2', name: 'Leia' },
    { id: 'f3', name: 'Chewie' },
  ],
}
const FRAGMENTS = ['{ name }', '{ home { id name climate } }', '{ friends { id name } }']
const query = (deferred) =>
  `query Hero { hero { id ${FRAGMENTS.map((fragment, index) => (deferred ? `... @defer(label: "F${index}") ${fragment}` : `... ${fragment}`)).join(' ')} } }`

const ACCEPT = {
  plain: 'application/graphql-response+json, application/json;q=0.9',
  'deferSpec=20220824': 'multipart/mixed;deferSpec=20220824, application/graphql-response+json, application/json;q=0.9',
  'incrementalSpec=v0.2':
    'multipart/mixed;incrementalSpec=v0.2, application/graphql-response+json, application/json;q=0.9',
}

function deferScenario({ id, title, format }) {
  const deferred = format !== 'plain'
  const init = {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: ACCEPT[format] },
    body: JSON.stringify({ query: query(deferred) }),
  }
  return {
    id,
    title,
    unit: 'request',
    contenders: ['mocklib'],
    async setup(lib) {
      const api = lib.createSchemaExecutor({ typeDefs: TYPE_DEFS, resolvers: { Query: { hero: () => HERO } } })
      const server = lib.setupServer(api.handler(URL))
      server.listen({ onUnhandledRequest: 'error' })
      const send = async () => (await fetch(URL, init)).text()
      // Every answer must equal the first, which must hold the whole hero (3 labelled increments
      // after the initial part when deferred; the executor may put several in one part).
      const expected = await send()
      for (const part of ['"Luke"', '"Tatooine"', '"Chewie"'])
        if (!expected.includes(part)) throw new Error(`${id}: answer lacks ${part}: ${expected.slice(0, 300)}`)
      const increments = (expected.match(/"data":\{/g) ?? []).length - 1
      if (deferred && (increments !== 3 || !expected.startsWith('\r\n---') || !expected.endsWith('-----\r\n'))) {
        throw new Error(`${id}: expected an initial part and 3 increments: ${expected.slice(0, 300)}`)
      }
      return {
        async run(count) {
          for (let index = 0; index < count; index++) {
            const text = await send()
            if (text !== expected) throw new Error(`${id}: answer changed: ${text.slice(0, 300)}`)
          }
        },
        teardown: () => server.close(),
      }
    },
  }
}

export const DEFER_SCENARIOS = [
  deferScenario({
    id: 'schema-3-fragments',
    title: 'mocklib/schema, query with 3 fragments, one JSON result',
    format: 'plain',
  }),
  deferScenario({
    id: 'schema-defer-3',
    title: 'mocklib/schema, the same 3 fragments @defer, deferSpec=20220824 multipart',
    format: 'deferSpec=20220824',
  }),
  deferScenario({
    id: 'schema-defer-3-v02',
    title: 'mocklib/schema, the same 3 fragments @defer, incrementalSpec=v0.2 multipart',
    format: 'incrementalSpec=v0.2',
  }),
]
