import { defineConfig } from 'playwright/test'
import { remoteEnv } from 'mocklib/playwright'

const port = Number(process.env.APP_PORT)

export default defineConfig({
  testDir: '.',
  testMatch: /\.spec\.mjs$/,
  fullyParallel: true,
  workers: 2,
  globalSetup: './global-setup.mjs',
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
