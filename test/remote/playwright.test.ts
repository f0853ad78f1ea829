// mocklib/playwright: Playwright Test with two workers and several tests per worker, each test
// overriding the same API endpoints for its own page, against one server-rendered app started
// once as Playwright's webServer with `--import mocklib/remote`, in Debian's Chromium. The same
// run on a Next.js app (examples/next-playwright) is in next-app.test.ts.
import { expect, it } from 'vitest'
import { runPlaywright } from './run-playwright'

it('parallel tests in two workers each see their own overrides in the app’s pages', { timeout: 180_000 }, async () => {
  const { code, stats, workers, output } = await runPlaywright(
    'test/remote/playwright/playwright.config.mjs',
    'APP_PORT',
  )
  expect({ code, stats }, output).toEqual({
    code: 0,
    stats: expect.objectContaining({ expected: 8, unexpected: 0, flaky: 0, skipped: 0 }),
  })
  expect(workers.size).toBe(2)
})
