// No secret of a recorded request or answer lands in the file; replay still matches.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { setupServer } from 'mocklib/node'
import { createRecorder, type RecorderOptions } from 'mocklib/record'
import { startLiveApi, type LiveApi } from './live-api'

const server = setupServer()
let api: LiveApi
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' })
  api = await startLiveApi()
})
afterAll(async () => {
  server.close()
  await api.close()
})

const SECRETS = [
  'bearer-s3cret',
  'cookie-s3cret',
  'query-s3cret',
  'password-s3cret',
  'tenant-s3cret',
  'server-secret',
  'cookie-secret',
  'gql-s3cret',
]
const options: RecorderOptions = {
  redact: {
    jsonPaths: ['password', 'token', 'variables.input.password'],
    hook(entry) {
      for (const header of entry.request.headers) if (header.name === 'x-tenant') header.value = 'tenant'
    },
  },
}

function traffic() {
  const headers = {
    authorization: 'Bearer bearer-s3cret',
    cookie: 'sid=cookie-s3cret; theme=dark',
    'x-tenant': 'tenant-s3cret',
    'content-type': 'application/json',
  }
  return Promise.all([
    fetch(`${api.origin}/login?access_token=query-s3cret`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ user: 'ada', password: 'password-s3cret' }),
    }),
    fetch(api.graphqlUrl, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        query: 'query Login($input: PostInput) { posts { id } }',
        variables: { input: { title: 'x', password: 'gql-s3cret' } },
      }),
    }),
  ]).then((responses) =>
    Promise.all(
      responses.map(async (response) => ({ cookies: response.headers.getSetCookie(), body: await response.text() })),
    ),
  )
}

it('keeps Authorization, cookies, token parameters, configured JSON paths and what the hook removes out of the file', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'mocklib-redact-')), 'secrets.har')
  const recorder = createRecorder({ ...options, file, mode: 'record' })
  server.use(recorder.handler)
  const live = await traffic()
  await recorder.save()
  // The app saw the real answers while recording.
  expect(live[0].body).toContain('server-secret')
  expect(live[0].cookies[0]).toContain('cookie-secret')

  const text = readFileSync(file, 'utf8')
  for (const secret of SECRETS) expect(text).not.toContain(secret)
  expect(text).toContain('"value": "Bearer REDACTED"')
  expect(text).toContain('"value": "sid=REDACTED; theme=REDACTED"')
  expect(text).toContain('access_token=REDACTED')

  // The same requests, secrets and all, find their (redacted) recordings.
  server.resetHandlers()
  const lockdown = createRecorder({ ...options, file, mode: 'lockdown' })
  server.use(lockdown.handler)
  api.requests.length = 0
  const replayed = await traffic()
  expect(api.requests).toEqual([])
  expect(lockdown.refused).toEqual([])
  expect(JSON.parse(replayed[0].body)).toEqual({ user: 'ada', token: 'REDACTED' })
  expect(replayed[0].cookies).toEqual(['session=REDACTED; Path=/; HttpOnly', 'theme=REDACTED; Path=/'])
  expect(replayed[1].body).toBe(live[1].body)
})
