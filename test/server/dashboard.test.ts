import { execFile } from 'node:child_process'
import { mkdirSync, readFileSync } from 'node:fs'
import { promisify } from 'node:util'
import { graphql, http, HttpResponse, sse, ws } from 'mocklib'
import { createMockServer, type MockServer } from 'mocklib/node'
import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { deferred } from '../helpers/deferred'
import { CHROMIUM_PATH } from '../sources/browser/harness'

const run = promisify(execFile)
let browser: Browser
let server: MockServer
let secondTick = deferred()

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true })
  server = createMockServer(
    http.get('/api/user', () => HttpResponse.json({ name: 'Ada' })),
    graphql.query('GetPost', ({ variables }) =>
      HttpResponse.json({ data: { post: { id: variables.id, title: 'Hello' } } }),
    ),
    ws.link('/chat').addEventListener('connection', ({ client }) => {
      client.addEventListener('message', (event) => client.send(`echo:${String(event.data)}`))
    }),
    sse('/ticks', async ({ client }) => {
      client.send({ data: 'tick 1' })
      await secondTick.promise
      client.send({ data: 'tick 2' })
      client.close()
    }),
  )
  await server.listen({
    scenarios: { signedOut: [http.get('/api/user', () => new HttpResponse(null, { status: 401 }))] },
  })
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

describe('the dashboard in Chromium', () => {
  it("lists another client's requests live, shows a GraphQL request's details, and a toggle switches a handler off", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 760 } })
    await page.goto(server.dashboardUrl)
    await page.getByRole('status').filter({ hasText: 'live' }).waitFor()

    // Requests made by other clients (curl) appear as they happen.
    await run('curl', ['-s', `${server.url}/api/user`])
    await run('curl', [
      '-s',
      '-H',
      'content-type: application/json',
      '--data',
      JSON.stringify({ query: 'query GetPost($id: ID!) { post(id: $id) { id title } }', variables: { id: '7' } }),
      `${server.url}/graphql`,
    ])
    const graphqlRow = page.getByRole('option').filter({ hasText: 'GetPost' })
    await graphqlRow.waitFor()
    await expect(page.getByRole('option').filter({ hasText: '/api/user' }).textContent()).resolves.toMatch(
      /GET\/api\/userGET \/api\/user200/,
    )

    // Keyboard: focus the GraphQL request and open it with Enter.
    await graphqlRow.focus()
    await page.keyboard.press('Enter')
    await page.locator('.graphql-query').waitFor()
    expect(await page.locator('.graphql-query').textContent()).toContain('query GetPost($id: ID!)')
    expect(JSON.parse((await page.locator('.response-body').textContent())!)).toEqual({
      data: { post: { id: '7', title: 'Hello' } },
    })
    mkdirSync('test-artifacts', { recursive: true })
    await page.screenshot({ path: 'test-artifacts/dashboard.png' })

    // The handler's switch: off, and the next request sees it.
    const toggle = page.getByRole('checkbox', { name: 'Handler GET /api/user on' })
    await toggle.press('Space')
    await page.getByRole('checkbox', { name: 'Handler GET /api/user off' }).waitFor()
    expect((await fetch(`${server.url}/api/user`)).status).toBe(404)

    // Scenarios from the select.
    await page.getByRole('checkbox', { name: 'Handler GET /api/user off' }).press('Space')
    await page.getByRole('checkbox', { name: 'Handler GET /api/user on' }).waitFor()
    await page.getByLabel('Scenario').selectOption('signedOut')
    await page.locator('.tag', { hasText: 'signedOut' }).waitFor()
    expect((await fetch(`${server.url}/api/user`)).status).toBe(401)
    await page.close()
  })

  it('shows WebSocket and SSE frames as they pass, and downloads the history as HAR', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 760 } })
    await page.goto(server.dashboardUrl)
    await page.getByRole('status').filter({ hasText: 'live' }).waitFor()
    const frames = page.locator('#details .frames')

    // A WebSocket from the ws package: its messages both ways, the next one while it is open.
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/chat`)
    const echoes: string[] = []
    const echoed = (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => (echoes.length >= count ? resolve() : socket.once('message', check))
        check()
      })
    socket.on('message', (data) => echoes.push(String(data)))
    await new Promise((resolve) => socket.once('open', resolve))
    socket.send('hello')
    await echoed(1)
    await page.getByRole('option').filter({ hasText: '/chat' }).click()
    await frames.filter({ hasText: '← echo:hello' }).waitFor()
    expect(await frames.textContent()).toContain('→ hello')
    socket.send('again')
    await frames.filter({ hasText: '← echo:again' }).waitFor()
    socket.close()

    // An event stream read by fetch: the second event shows up while the request is selected.
    const response = await fetch(`${server.url}/ticks`, { headers: { accept: 'text/event-stream' } })
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
    expect((await reader.read()).value).toContain('data:tick 1')
    await page.getByRole('option').filter({ hasText: '/ticks' }).click()
    await frames.filter({ hasText: 'tick 1' }).waitFor()
    secondTick.resolve()
    await frames.filter({ hasText: 'tick 2' }).waitFor()
    while (!(await reader.read()).done);

    // Download HAR: a file of the history, each entry with the handler that answered it.
    await run('curl', ['-s', `${server.url}/api/user`])
    await page.getByRole('option').filter({ hasText: '/api/user' }).first().waitFor()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download HAR' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('mocklib-requests.har')
    const har = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
      log: { entries: Array<{ request: { url: string }; response: { status: number }; _handler?: string }> }
    }
    const user = har.log.entries.find((entry) => entry.request.url.endsWith('/api/user'))
    expect(user).toMatchObject({ response: { status: 200 }, _handler: 'GET /api/user' })
    expect(har.log.entries.some((entry) => entry.request.url.endsWith('/ticks'))).toBe(true)
    await page.screenshot({ path: 'test-artifacts/dashboard-frames.png' })
    await page.close()
  })

  it('asks for the token when the address has none', async () => {
    const page = await browser.newPage()
    await page.goto(`${server.url}/__mocklib/`)
    await page.getByText("This dashboard needs the server's token").waitFor()
    expect(await page.locator('#auth p').textContent()).toMatch(/needs the server's token: send "Authorization: Bearer/)
    await page.close()
  })
})
