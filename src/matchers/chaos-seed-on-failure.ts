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
