// The environment scenario under Jest (scripts/suite-environments.mjs picks the Jest version and
// the environment, and names the user agent to expect in MOCKLIB_EXPECT_AGENT).
import { environmentScenario, type Runner } from './scenario'

environmentScenario(globalThis as unknown as Runner, new RegExp(process.env.MOCKLIB_EXPECT_AGENT ?? '^$'))
