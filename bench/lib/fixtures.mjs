// Requests and answers shared by every contender, so they all do the same work.

/** Mocked requests never reach the network; a leak fails fast on this closed port. */
export const ORIGIN = 'http://127.0.0.1:9'
/** The origin MSW 3's rows use (contenders.mjs): it lets fetch refuse port 9 before intercepting. */
const MSW3_ORIGIN = 'http://api.bench.test'
export const toMsw3Origin = (url) => (typeof url === 'string' ? url.replace(ORIGIN, MSW3_ORIGIN) : url)

export const POST = { id: '1', title: 'Hello, benchmark', tags: ['a', 'b'], published: true }
export const POST_TEXT = JSON.stringify(POST)
export const JSON_HEADERS = { 'content-type': 'application/json' }

/** A named query of about 2 KB, the size of a real page's query with fragments inlined. */
export function graphqlQuery(name) {
  const fields = []
  for (let index = 0; fields.join('\n').length < 1800; index++) {
    fields.push(`    field${index}: title(format: UPPER)  # padding to a realistic query size`)
  }
  return `query ${name}($id: ID!, $first: Int = 10) {
  post(id: $id) {
    id
    title
    author { id name email avatar(size: 64) }
    comments(first: $first) { edges { node { id body author { id name } } } pageInfo { hasNextPage endCursor } }
${fields.join('\n')}
  }
}`
}

export const GRAPHQL_RESULT = { data: { post: { id: '1', title: 'Hello, benchmark' } } }
export const GRAPHQL_TEXT = JSON.stringify(GRAPHQL_RESULT)

export function graphqlBody(name) {
  return JSON.stringify({ query: graphqlQuery(name), variables: { id: '1' }, operationName: name })
}
