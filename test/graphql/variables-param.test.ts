// "variables" that is not a JSON object: a JSON string holding an object is
// read as GraphQL servers read it; anything else is a 400 from the handler that would take the
// operation, never a silent miss.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { graphql, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

const server = setupServer(
  graphql.query('Echo', ({ variables }) => HttpResponse.json({ data: { echo: variables } })),
  graphql
    .link('http://linked.test/graphql')
    .operation(({ variables }) => HttpResponse.json({ data: { linked: variables } })),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

const post = (url: string, body: object) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
const ECHO = 'query Echo($n: Int) { echo(n: $n) }'

describe('"variables" sent as a JSON string', () => {
  it('in a POST body: parsed, the resolver gets the object', async () => {
    const response = await post('http://api.test/graphql', { query: ECHO, variables: '{"n":1}' })
    expect(await response.json()).toEqual({ data: { echo: { n: 1 } } })
  })

  it('in a GET query string: parsed as before', async () => {
    const url = new URL('http://api.test/graphql')
    url.searchParams.set('query', ECHO)
    url.searchParams.set('variables', '{"n":2}')
    expect(await (await fetch(url)).json()).toEqual({ data: { echo: { n: 2 } } })
  })
})

describe('"variables" that is not an object: 400 from the handler that would take it', () => {
  it.each<[string, unknown]>([
    ['an array', [1]],
    ['a number', 7],
    ['a string that is not JSON', 'n=1'],
    ['a string holding an array', '[1]'],
  ])('%s', async (_, variables) => {
    const response = await post('http://api.test/graphql', { query: ECHO, variables })
    expect(response.status).toBe(400)
    const body = (await response.json()) as { errors: Array<{ message: string }> }
    expect(body.errors[0].message).toContain('"query Echo (origin: *)"')
    expect(body.errors[0].message).toContain('"variables"')
  })

  it('an unparsable GET "variables" parameter', async () => {
    const url = new URL('http://api.test/graphql')
    url.searchParams.set('query', ECHO)
    url.searchParams.set('variables', '{n:')
    const response = await fetch(url)
    expect(response.status).toBe(400)
    expect(((await response.json()) as { errors: Array<{ message: string }> }).errors[0].message).toContain(
      'not valid JSON',
    )
  })

  it('at a linked endpoint, graphql.link().operation() answers 400 too', async () => {
    const response = await post('http://linked.test/graphql', { query: 'query Other { other }', variables: [1] })
    expect(response.status).toBe(400)
  })

  it('an operation no handler would take stays unhandled', async () => {
    await expect(post('http://api.test/graphql', { query: 'query Nobody { x }', variables: [1] })).rejects.toThrow(
      /no handler matched/,
    )
  })
})
