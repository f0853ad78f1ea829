// Playwright Test on this folder's Next.js app, built beforehand with `next build`: the app starts
// once (webServer) with the zero-code entry and the hub's address, and every test's own handlers
// answer the requests the app makes for that test's page.
import { createRequire } from 'node:module'
import { defineConfig } from '@playwright/test'
import { remoteEnv } from 'mocklib/playwright'

const port = Number(process.env.PORT ?? 3000)
// Next.js's command, found as this file's imports are (what `next` is in a package.json script).
const next = createRequire(import.meta.url).resolve('next/dist/bin/next')

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  globalSetup: './global-setup.mjs',
  webServer: {
    command: `node ${JSON.stringify(next)} start --hostname 127.0.0.1 --port ${port}`,
    // A page that fetches nothing: the app is up.
    url: `http://127.0.0.1:${port}/action`,
    env: { ...remoteEnv(), NODE_OPTIONS: '--import mocklib/remote' },
  },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // The system's Chromium when CHROMIUM_PATH names it (as in the repository's tests), else Playwright's own.
    ...(process.env.CHROMIUM_PATH && {
      launchOptions: { executablePath: process.env.CHROMIUM_PATH, args: ['--no-sandbox'] },
    }),
  },
})
