// GitHub's REST description (api.github.com.json from @octokit/openapi, MIT: fixtures/github/LICENSE),
// a real 13 MB document: every operation gets a handler, a sample of operations answers with generated
// bodies that fit their schemas, requests are checked, and GitHub's own examples that do not fit their
// schemas are replaced by generated data after a warning (and reported by the answer check when asked for
// by name). Load time and first checks are measured by bench/openapi.mjs.
import { readFileSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { fromOpenApi, type OpenApiDocument } from 'mocklib/openapi'
import { setupServer } from 'mocklib/node'

const document = JSON.parse(
  gunzipSync(readFileSync(new URL('./fixtures/github/api.github.com.json.gz', import.meta.url))).toString(),
) as OpenApiDocument
const github = await fromOpenApi(document, { validateRequests: 'error' })
const server = setupServer(...github)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']
const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
  Object.keys(item ?? {})
    .filter((method) => METHODS.includes(method))
    .map((method) => ({ method, path })),
)

it('makes one handler per operation, on the document server', () => {
  expect(operations.length).toBeGreaterThan(1000)
  expect(github).toHaveLength(operations.length)
  expect(github.map((handler) => handler.info.header)).toContain(
    'GET https://api.github.com/repos/:owner/:repo/issues/:issue_number',
  )
})

/** A local $ref followed (GitHub refers to shared parameters and responses). */
const resolve = (value: unknown): Record<string, any> => {
  const ref = (value as { $ref?: string }).$ref
  if (ref === undefined) return value as Record<string, unknown>
  return resolve(
    ref
      .slice(2)
      .split('/')
      .reduce<any>((target, key) => target[key], document),
  )
}

/**
 * An operation answering 2xx with JSON or no body, whose request needs nothing but path segments any
 * value fits (no required query, header or body), so a request with "1" in each segment is valid.
 */
function sampled({ method, path }: { method: string; path: string }): boolean {
  const item = document.paths![path] as Record<string, any>
  const operation = item[method] as Record<string, any>
  const success = Object.keys(operation.responses)
    .filter((key) => /^2\d\d$/.test(key))
    .sort()[0]
  if (success === undefined) return false
  const content = resolve(operation.responses[success]).content
  if (content !== undefined && content['application/json'] === undefined) return false
  if (operation.requestBody !== undefined && resolve(operation.requestBody).required === true) return false
  const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map(resolve)
  return parameters.every(({ in: location, required, schema }) => {
    if (location !== 'path') return required !== true
    const { type, enum: values, pattern } = resolve(schema ?? {}) as Record<string, unknown>
    return (type === 'string' || type === 'integer') && values === undefined && pattern === undefined
  })
}

describe('a sample of operations', () => {
  // Every fourth operation that fits sampled(), in the document's order: a spread over the whole API.
  const sample = operations.filter(sampled).filter((_, index) => index % 4 === 0)
  const url = (path: string) => `https://api.github.com${path.replace(/\{[^}]+\}/g, '1')}`

  it('covers the API, with every method that changes something', () => {
    expect(sample.length).toBeGreaterThanOrEqual(200)
    expect(new Set(sample.map(({ method }) => method))).toEqual(new Set(['get', 'post', 'put', 'patch', 'delete']))
  })

  it.each(sample.map((operation) => [operation.method.toUpperCase(), operation.path, operation]))(
    '%s %s answers generated data that fits its schema',
    async (method, _, operation) => {
      const request = new Request(url(operation.path), { method, headers: { Prefer: 'dynamic=true' } })
      const response = await fetch(request.clone())
      expect(response.status).toBeLessThan(300)
      expect(await github.checkAnswer(request, response)).toBeUndefined()
    },
  )
})

it('answers with an example, and checks requests', async () => {
  const data = await fetch('https://api.github.com/repos/octocat/hello/issues/1', {
    headers: { accept: 'application/vnd.github+json', authorization: 'Bearer token' },
  }).then((response) => response.json())
  // GitHub's example, which the document writes as a $ref in "value".
  expect(data).toMatchObject({ number: 1347, title: 'Found a bug' })
  const refused = await fetch('https://api.github.com/repos/octocat/hello/issues', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ body: 'no title' }),
  })
  expect(refused.status).toBe(400)
  expect((await refused.json()).errors).toEqual([{ in: 'body', pointer: '/title', message: 'is required' }])
})

describe("GitHub's examples that do not fit its own schemas", () => {
  const assignment = 'https://api.github.com/assignments/1'

  it('are replaced by generated data, after a warning naming operation, status, example and violation', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const response = await fetch(assignment)
      expect(response.status).toBe(200)
      expect(await github.checkAnswer(new Request(assignment), response)).toBeUndefined()
      const warnings = warn.mock.calls.map(([text]) => String(text))
      const warning = warnings.find((text) => text.includes('classroom/get-an-assignment'))
      expect(warning).toContain(
        '[mocklib] The example "default" of GET /assignments/{assignment_id} (classroom/get-an-assignment) ' +
          'for status 200 does not fit its own schema:\n',
      )
      expect(warning).toContain('\n  - /id: must be integer, got string "12,"\n')
      expect(warning).toContain('mocklib answers with data generated from the schema instead')
      // Checked once: a second request sends generated data without another warning.
      await fetch(assignment)
      expect(warn.mock.calls.filter(([text]) => String(text).includes('classroom/get-an-assignment'))).toHaveLength(1)
    } finally {
      warn.mockRestore()
    }
  })

  it('are sent as written when asked for by name, and the answer check reports them', async () => {
    const request = new Request(assignment, { headers: { Prefer: 'example=default' } })
    const verdict = await github.checkAnswer(request, await fetch(request.clone()))
    expect(verdict?.against).toBe(
      'the OpenAPI operation GET /assignments/{assignment_id} (classroom/get-an-assignment) for status 200',
    )
    expect(verdict?.problems).toContainEqual({
      kind: 'wrong-type',
      path: '/body/id',
      message: 'must be integer, got string "12,"',
    })
  })
})
