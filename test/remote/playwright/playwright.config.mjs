import { dirname, join } from 'node:path'
import { defineConfig } from 'playwright/test'
import { remoteEnv } from 'mocklib/playwright'

const port = Number(process.env.APP_PORT)
const report = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME

export default defineConfig({
  testDir: '.',
  testMatch: /\.spec\.mjs$/,
  fullyParallel: true,
  // Beside the report, in the test's own temporary folder: Playwright empties its outputDir when it starts,
  // and .ci/run runs Node 22 and 24 at once.
  outputDir: report === undefined ? undefined : join(dirname(report), 'results'),
  workers: 2,
  globalSetup: './global-setup.mjs',
  reporter: [['json', { outputFile: report }]],
  webServer: {
    command: 'node --import mocklib/remote test/remote/apps/page-app.mjs',
    cwd: '../../..',
    url: `http://127.0.0.1:${port}/health`,
    env: { ...remoteEnv(), APP_PORT: String(port) },
    reuseExistingServer: false,
  },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] },
  },
})
