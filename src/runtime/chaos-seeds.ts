import { sharedAcrossBuilds } from './shared-across-builds'

/**
 * The chaos seeds that failed a request since the test began, each with its first fault: what a
 * test runner's hook prints when the test fails (mocklib/vitest), so the run can be replayed.
 * Shared across the ESM and CommonJS builds: a test may load either.
 */
const faultedSeeds = sharedAcrossBuilds('chaosSeeds.v1', () => new Map<number, string>())

/** Chaos with `seed` failed a request (`what` says which, and how). */
export function noteChaosFault(seed: number, what: string): void {
  if (!faultedSeeds.has(seed)) faultedSeeds.set(seed, what)
}

/** A test begins: the seeds of the last one are forgotten. */
export function forgetChaosSeeds(): void {
  faultedSeeds.clear()
}

/** The lines that say how to replay the chaos of this test, none if no chaos failed a request. */
export function chaosReplayLines(): string[] {
  return [...faultedSeeds].map(
    ([seed, what]) => `[mocklib] chaos (seed ${seed}) failed ${what}. Replay this run with MOCKLIB_SEED=${seed}.`,
  )
}
