import { defineConfig } from 'vitest/config'
import base from './vitest.config.ts'

const { environment, testTimeout, hookTimeout, pool } = base.test ?? {}

// The MSW 3 parity suite (test/msw3-parity): msw@3.0.5's interceptors need Node 22, so it runs
// on its own, through scripts/suite-msw3-parity.mjs, with the main config's aliases, defines and
// timeouts.
export default defineConfig({
  define: base.define,
  resolve: base.resolve,
  test: {
    include: ['test/msw3-parity/**/*.test.ts'],
    environment,
    testTimeout,
    hookTimeout,
    pool,
    // msw 3's sse() needs a global EventSource, behind a flag on Node 22.
    execArgv: ['--experimental-eventsource'],
  },
})
