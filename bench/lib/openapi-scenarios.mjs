// mocklib/openapi on GitHub's REST description (the test fixture, 1,223 operations). Goals (issue's
// figures, bench/lib/goals.mjs): fromOpenApi(document) ≤ 1.5 s of CPU; a request to a generated
// handler ≤ 1.3× the CPU of a hand-written handler answering the same body, ≤ 2× with the request
// and the answer checked. The first checks of an operation are one-off costs: bench/openapi.mjs.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'

const FIXTURE = fileURLToPath(new URL('../../test/openapi/fixtures/github/api.github.com.json.gz', import.meta.url))
export const ISSUE = 'https://api.github.com/repos/octocat/hello/issues/1'
export const GITHUB_HEADERS = { accept: 'application/vnd.github+json', authorization: 'Bearer token' }
const ISSUE_HANDLER = 'GET https://api.github.com/repos/:owner/:repo/issues/:issue_number'

/** GitHub's description, parsed. */
export const readGitHub = () => JSON.parse(gunzipSync(readFileSync(FIXTURE)).toString())

/**
 * The handlers a request to an issue meets: the generated one, the same checked (requests with
 * validateRequests, answers with check()), and a hand-written one answering the generated body.
 */
export async function issueHandlers(lib, document) {
  const { fromOpenApi } = await lib.openapi()
  const plain = await fromOpenApi(document)
  const checked = await fromOpenApi(document, { validateRequests: 'error' })
  const generated = plain.find((handler) => handler.info.header === ISSUE_HANDLER)
  const withChecks = checked.check(checked.find((handler) => handler.info.header === ISSUE_HANDLER))
  const answer = await lib.getResponse([generated], new Request(ISSUE, { headers: GITHUB_HEADERS }))
  const body = await answer.json()
  const handWritten = lib.http.get('https://api.github.com/repos/:owner/:repo/issues/:issue_number', () =>
    lib.HttpResponse.json(body),
  )
  return { 'hand-written': handWritten, generated, 'generated, checked': withChecks }
}

function requestScenario(id, contender, title) {
  return {
    id,
    title,
    unit: 'request',
    contenders: ['mocklib'],
    async setup(lib) {
      const handler = (await issueHandlers(lib, readGitHub()))[contender]
      const server = lib.setupServer(handler)
      server.listen({ onUnhandledRequest: 'error' })
      const send = async () => {
        const response = await fetch(ISSUE, { headers: GITHUB_HEADERS })
        if (response.status !== 200) throw new Error(`${id}: answered ${response.status}: ${await response.text()}`)
        return response.text()
      }
      const expected = await send()
      return {
        async run(count) {
          for (let index = 0; index < count; index++) {
            if ((await send()) !== expected) throw new Error(`${id}: the answer changed`)
          }
        },
        teardown: () => server.close(),
      }
    },
  }
}

export const OPENAPI_SCENARIOS = [
  {
    id: 'openapi-load-github',
    title: "mocklib/openapi: fromOpenApi(GitHub's description), 1,223 handlers",
    unit: 'load',
    contenders: ['mocklib'],
    async setup(lib) {
      const { fromOpenApi } = await lib.openapi()
      const document = readGitHub()
      return {
        async run(count) {
          for (let index = 0; index < count; index++) {
            if ((await fromOpenApi(document)).length !== 1223) throw new Error('openapi-load-github: handlers missing')
          }
        },
        teardown: () => {},
      }
    },
  },
  requestScenario('openapi-hand-written', 'hand-written', 'GitHub issue, a hand-written handler answering its body'),
  requestScenario('openapi-generated', 'generated', 'GitHub issue, the handler fromOpenApi generates'),
  requestScenario(
    'openapi-checked',
    'generated, checked',
    'GitHub issue, the generated handler with validateRequests and check()',
  ),
]
