// The `mocklib/vitest` entry: import it in a set-up file (`setupFiles` in vitest.config.ts) to
// add the handler matchers (toHaveBeenRequested()...) to vitest's `expect`, with their types.
import type { HandlerMatchers } from './matchers/types'
// The module augmented below: an augmentation needs it in the program.
import type {} from 'vitest'
import { vitestExpect } from './matchers/host-expect'
import { registerMatchers } from './matchers/register'
import { printChaosSeedsOnFailure } from './matchers/chaos-seed-on-failure'
import { beforeEach } from 'vitest'

registerMatchers(vitestExpect(), 'mocklib/vitest', 'in a file vitest runs (setupFiles in vitest.config.ts)')
printChaosSeedsOnFailure(beforeEach)

export type { AsymmetricMatcherLike, HandlerMatchers, Matchable, QueryRecord, RequestedWith } from './matchers/types'

declare module 'vitest' {
  // The type parameter as vitest declares it (declarations of one interface must agree).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  interface Assertion<T = any> extends HandlerMatchers<void, T> {}
}
