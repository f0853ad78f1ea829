// @vitest-environment node
import { afterAll, beforeAll, test } from 'vitest'
import { environmentScenario } from './scenario'

environmentScenario({ test, beforeAll, afterAll }, /^Node\.js\//)
