import { format } from '../runtime/messages'
import { handlerMatchers } from './handler-matchers'

/** The `expect` of vitest or Jest, as far as registering matchers goes. */
interface ExtendableExpect {
  extend(matchers: Record<string, unknown>): void
}

/**
 * Adds the handler matchers to the test runner's `expect`, found without importing the runner:
 * the entry is imported from a set-up file the runner itself loads, so its `expect` is there.
 */
export function registerMatchers(expect: unknown, entry: string, where: string): void {
  if (typeof (expect as Partial<ExtendableExpect> | undefined)?.extend !== 'function') {
    // eslint-disable-next-line mocklib/coded-argument-errors -- the environment: no test runner's expect
    throw new Error(format(`${entry} found no test runner's expect to add its matchers to: import it ${where}.`))
  }
  ;(expect as ExtendableExpect).extend(handlerMatchers)
}
