// The `mocklib/jest` entry: import it in a set-up file (`setupFilesAfterEnv` in the Jest config)
// to add the handler matchers (toHaveBeenRequested()...) to Jest's `expect`, with their types
// for `@jest/globals` and for the global `expect` of @types/jest.
import type { HandlerMatchers } from './matchers/types'
// The module augmented below: an augmentation needs it in the program.
import type {} from 'expect'
import { jestExpect } from './matchers/host-expect'
import { registerMatchers } from './matchers/register'
import { printChaosSeedsOnJestFailure } from './matchers/chaos-seed-on-failure'

registerMatchers(jestExpect(), 'mocklib/jest', 'in setupFilesAfterEnv of the Jest config, with injectGlobals on')
// Jest's hooks are globals (injectGlobals), as its `expect` is.
const hooks = globalThis as { beforeEach?: (hook: () => void) => void; afterEach?: (hook: () => void) => void }
if (typeof hooks.beforeEach === 'function' && typeof hooks.afterEach === 'function') {
  printChaosSeedsOnJestFailure(hooks.beforeEach, hooks.afterEach)
}

export type { AsymmetricMatcherLike, HandlerMatchers, Matchable, QueryRecord, RequestedWith } from './matchers/types'

declare module 'expect' {
  interface Matchers<R extends void | Promise<void>, T = unknown> extends HandlerMatchers<R, T> {}
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace jest {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface Matchers<R, T = {}> extends HandlerMatchers<R, T> {}
  }
}
