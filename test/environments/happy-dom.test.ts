// @vitest-environment happy-dom
import { afterAll, beforeAll, test } from 'vitest'
import { environmentScenario } from './scenario'

environmentScenario({ test, beforeAll, afterAll }, /\bHappyDOM\//)
