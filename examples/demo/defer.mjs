// The @defer part of the demo: a profile page asks for a hero with its slow parts deferred, and
// the schema executor (mocklib/schema) answers in parts, the way a server streams them. The app
// reads the multipart/mixed body with fetch and prints each part when it arrives.
import { setupServer } from 'mocklib/node'
import { createSchemaExecutor } from 'mocklib/schema'

const ENDPOINT = 'https://api.example.test/graphql'
const HERO_QUERY = `query Hero {
  hero {
    name
    ... @defer(label: "Friends") { friends { name } }
    ... @defer(label: "Home") { home { name } }
  }
}`

const api = createSchemaExecutor({
  typeDefs: `
    type Query { hero: Hero! }
    type Hero { name: String! friends: [Friend!]! home: Planet! }
    type Friend { name: String! }
    type Planet { name: String! }
  `,
  resolvers: {
    Query: { hero: () => ({ name: 'Luke', friends: [{ name: 'Han' }, { name: 'Leia' }], home: { name: 'Tatooine' } }) },
  },
  // Each deferred fragment takes a while, as a slow backend would.
  incremental: { delay: { Friends: 150, Home: 300 } },
})

/** The app: sends the query accepting multipart answers and yields each JSON part as it arrives. */
async function* queryInParts(query) {
  const response = await fetch(ENDPOINT, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'multipart/mixed;deferSpec=20220824, application/json' },
    body: JSON.stringify({ query }),
  })
  const delimiter = '\r\n---'
  let buffer = ''
  for await (const chunk of response.body.pipeThrough(new TextDecoderStream())) {
    buffer += chunk
    for (let end = buffer.indexOf(delimiter, 1); end !== -1; end = buffer.indexOf(delimiter, 1)) {
      const part = buffer.slice(0, end)
      buffer = buffer.slice(end)
      const body = part.indexOf('\r\n\r\n')
      if (body !== -1) yield JSON.parse(part.slice(body + 4))
    }
  }
}

export async function run() {
  console.log(`@defer: a hero whose friends and home are deferred, from the schema at ${ENDPOINT}`)
  const server = setupServer(api.handler(ENDPOINT))
  server.listen({ onUnhandledRequest: 'error' })
  try {
    let first
    let parts = 0
    for await (const part of queryInParts(HERO_QUERY)) {
      parts++
      first ??= Date.now()
      const what = part.incremental
        ? `deferred "${part.incremental.map((entry) => entry.label).join('", "')}", ${Date.now() - first} ms later`
        : 'initial'
      console.log(`    ← part ${parts} (${what}): ${JSON.stringify(part)}`)
    }
    console.log(`    = the page showed the hero at once and filled in the rest over ${parts} parts`)
  } finally {
    server.close()
  }
}
