import { dirname, join } from 'node:path'
import { defineConfig } from 'playwright/test'
import { remoteEnv } from 'mocklib/playwright'

const port = Number(process.env.APP_PORT)
const report = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME
// APP=next: the Next.js app of test/remote/next-app (built beforehand) and the specs of next/.
const next = process.env.APP === 'next'
const app = next
  ? {
      command: `node node_modules/next/dist/bin/next start --hostname 127.0.0.1 --port ${port} test/remote/next-app`,
      env: { NODE_OPTIONS: '--import mocklib/remote' },
      ready: '/action',
    }
  : { command: 'node --import mocklib/remote test/remote/apps/page-app.mjs', env: {}, ready: '/health' }

export default defineConfig({
  testDir: next ? './next' : '.',
  testMatch: /\.spec\.mjs$/,
  testIgnore: next ? [] : ['next/**'],
  fullyParallel: true,
  // Beside the report, in the test's own temporary folder: Playwright empties its outputDir when it starts,
  // and .ci/run runs Node 22 and 24 at once.
  outputDir: report === undefined ? undefined : join(dirname(report), 'results'),
  workers: 2,
  globalSetup: './global-setup.mjs',
  reporter: [['json', { outputFile: report }]],
  webServer: {
    command: app.command,
    cwd: '../../..',
    url: `http://127.0.0.1:${port}${app.ready}`,
    env: { ...remoteEnv(), ...app.env, APP_PORT: String(port) },
    reuseExistingServer: false,
  },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] },
  },
})
