// @vitest-environment jsdom
// The newest jsdom (26); scripts/suite-environments.mjs runs this file again with jsdom 22 in its
// place and names the version to expect in MOCKLIB_EXPECT_AGENT.
import { afterAll, beforeAll, test } from 'vitest'
import { environmentScenario } from './scenario'

environmentScenario(
  { test, beforeAll, afterAll },
  new RegExp(process.env.MOCKLIB_EXPECT_AGENT ?? String.raw`\bjsdom/26\.`),
)
