import { chaosReplayLines, forgetChaosSeeds } from '../runtime/chaos-seeds'

/** What the hook needs of a test runner's `beforeEach` context: vitest's `onTestFailed`. */
interface FailureAwareContext {
  onTestFailed(callback: () => void): void
}

/**
 * Makes a failing test print the seed of each chaos (createChaos) that failed one of its
 * requests, and the MOCKLIB_SEED that replays it; `beforeEach` is the runner's.
 */
export function printChaosSeedsOnFailure(beforeEach: (hook: (context: FailureAwareContext) => void) => void): void {
  beforeEach((context) => {
    forgetChaosSeeds()
    context.onTestFailed(() => {
      for (const line of chaosReplayLines()) console.error(line)
    })
  })
}

/** A test as jest-circus keeps it while it runs: the errors it failed with so far. */
interface CircusTest {
  errors?: readonly unknown[]
}

/**
 * The test jest-circus is running, from its state on the test environment's global (under a
 * symbol of its own, found by its description: Jest 29 and 30 name it alike). None elsewhere.
 */
function runningJestTest(): CircusTest | undefined {
  const scope = globalThis as Record<symbol, { currentlyRunningTest?: CircusTest | null } | undefined>
  const key = Object.getOwnPropertySymbols(scope).find((symbol) => symbol.description === 'JEST_STATE_SYMBOL')
  return (key === undefined ? undefined : scope[key]?.currentlyRunningTest) ?? undefined
}

/**
 * The same for Jest, whose hooks do not say whether the test failed: an `afterEach` reads the
 * errors jest-circus noted for the test so far (its body and the hooks before this one).
 */
export function printChaosSeedsOnJestFailure(
  beforeEach: (hook: () => void) => void,
  afterEach: (hook: () => void) => void,
): void {
  beforeEach(forgetChaosSeeds)
  afterEach(() => {
    if ((runningJestTest()?.errors?.length ?? 0) === 0) return
    for (const line of chaosReplayLines()) console.error(line)
  })
}
