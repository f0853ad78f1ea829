// Saving a recording made without a file (as in a page): save() POSTs it to saveUrl, where the
// dev server's recordingEndpoint() writes it.
import { mkdtempSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bypass } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { createRecorder, fromHar, recordingEndpoint, type Har } from 'mocklib/record'
import { startLiveApi, type LiveApi } from './live-api'

const dir = mkdtempSync(join(tmpdir(), 'mocklib-endpoint-'))
const server = setupServer()
let api: LiveApi
let devServer: Server
let devOrigin: string

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' })
  api = await startLiveApi()
  const middleware = recordingEndpoint({ dir })
  devServer = createServer((request, response) =>
    middleware(request, response, () => {
      response.statusCode = 404
      response.end('not the endpoint')
    }),
  )
  await new Promise<void>((resolve) => devServer.listen(0, '127.0.0.1', resolve))
  devOrigin = `http://127.0.0.1:${(devServer.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.close()
  devServer.closeAllConnections()
  await new Promise((resolve) => devServer.close(resolve))
})

it('POSTs the recording to the dev server, which writes it where fromHar() can use it', async () => {
  const recorder = createRecorder({
    mode: 'record',
    saveUrl: `${devOrigin}/__mocklib/recordings/pages/app.har`,
    include: api.origin,
  })
  server.use(recorder.handler)
  const recorded = await (await fetch(`${api.origin}/posts`)).text()
  await recorder.save()
  server.resetHandlers()

  const har = JSON.parse(readFileSync(join(dir, 'pages', 'app.har'), 'utf8')) as Har
  expect(har.log.entries.map((entry) => entry.request.url)).toEqual([`${api.origin}/posts`])
  server.use(...fromHar(har))
  // Replayed with the real server stopped.
  await api.close()
  expect(await (await fetch(`${api.origin}/posts`)).text()).toBe(recorded)
})

it('refuses names outside its folder and bodies that are not HAR', async () => {
  const post = (path: string, body: string) =>
    fetch(bypass(`${devOrigin}${path}`, { method: 'POST', body })).then(async (response) => [
      response.status,
      await response.text(),
    ])
  expect((await post('/__mocklib/recordings/..%2Fescape.har', '{}'))[0]).toBe(400)
  expect((await post('/__mocklib/recordings/app.json', '{}'))[0]).toBe(400)
  expect(await post('/__mocklib/recordings/app.har', '{"entries":[]}')).toEqual([
    400,
    expect.stringContaining('has no "log" object'),
  ])
  expect(await post('/elsewhere', '{}')).toEqual([404, 'not the endpoint'])
})
