// The example app (examples/browser-app), started the way its README says, opened in Chromium.
import { mkdirSync } from 'node:fs'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { sharedBrowser } from './harness'

const artifacts = fileURLToPath(new URL('../../../test-artifacts/', import.meta.url))
let browser: Browser
let app: { url: string; close(): Promise<void> }

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

beforeAll(async () => {
  // @ts-expect-error: the example's start script is plain JavaScript
  const { startExampleApp } = await import('../../../examples/browser-app/start.mjs')
  app = await startExampleApp({ port: await freePort(), quiet: true })
  browser = await sharedBrowser()
})
afterAll(async () => {
  await app?.close()
})

it('shows mocked posts and user, adds and deletes a post through the mocks, and keeps a screenshot', async () => {
  const context = await browser.newContext({ viewport: { width: 800, height: 600 } })
  const page = await context.newPage()
  const logs: string[] = []
  page.on('console', (message) => logs.push(message.text()))
  await page.goto(app.url)
  await page.waitForSelector('body[data-ready="true"]')

  expect(await page.locator('#source').textContent()).toBe('mocked API')
  expect(await page.locator('#posts .title').allTextContents()).toEqual([
    'Mocked in the browser by mocklib',
    'The Service Worker asks this page for every answer',
  ])
  expect(await page.locator('#user').textContent()).toBe('Signed in as Ada Lovelace')

  await page.fill('input[name="title"]', 'Added through a mocked POST')
  await page.click('button[type="submit"]')
  await page.waitForSelector('#posts li[data-id="3"]')
  await page.click('#posts li[data-id="1"] button')
  await page.waitForSelector('#posts li[data-id="1"]', { state: 'detached' })
  expect(await page.locator('#posts .title').allTextContents()).toEqual([
    'The Service Worker asks this page for every answer',
    'Added through a mocked POST',
  ])
  expect(logs).toContain('[mocklib] Mocking enabled.')
  expect(logs.some((line) => /\[mocklib\] \d\d:\d\d:\d\d POST \/api\/posts \(%c201 Created%c\)/.test(line))).toBe(true)

  mkdirSync(artifacts, { recursive: true })
  await page.screenshot({ path: artifacts + 'browser-app.png', fullPage: true })
  await context.close()
})
