import { defineConfig } from 'vitest/config'
import base from './vitest.config.ts'

// The MSW 3 parity suite (test/msw3-parity): msw@3.0.5's interceptors need Node 22, so it runs
// on its own, through scripts/suite-msw3-parity.mjs, with the main config's module aliases.
export default defineConfig({
  resolve: base.resolve,
  test: {
    include: ['test/msw3-parity/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // msw 3's sse() needs a global EventSource, behind a flag on Node 22.
    execArgv: ['--experimental-eventsource'],
  },
})
