import { MocklibTypeError } from './errors'
import { isNodeProcess } from './environment'

/** The longest timer the platform accepts (2^31 - 1 ms, about 24.8 days). */
export const MAX_DELAY_MS = 2_147_483_647

export type DelayMode = 'real' | 'infinite'

/**
 * Waits before the resolver continues.
 * - `delay()` / `delay('real')`: a realistic server time (5 ms in Node, 100–400 ms in a browser);
 * - `delay(ms)`: exactly that long (a negative duration, `NaN` or `null` waits for nothing);
 * - `delay('infinite')`: never resolves; the request stays pending until the client aborts it.
 *   It holds no timer, so it never keeps a process alive.
 * Bad input rejects the returned promise (as an async function would), never throws at the call.
 */
export function delay(durationOrMode?: DelayMode | number): Promise<void> {
  if (durationOrMode === 'infinite') return new Promise<void>(() => {})
  let ms: number
  try {
    ms = delayTime(durationOrMode)
  } catch (error) {
    return Promise.reject(error)
  }
  return new Promise((resolve) => setTimeout(resolve, ms))
}

function delayTime(durationOrMode: unknown): number {
  if (durationOrMode === undefined || durationOrMode === 'real') {
    return isNodeProcess() ? 5 : 100 + Math.floor(Math.random() * 300)
  }
  // A computed duration that went negative or NaN, or a null one, means "no wait", as with
  // setTimeout (and MSW).
  if (durationOrMode === null) return 0
  if (typeof durationOrMode === 'number') {
    if (durationOrMode > MAX_DELAY_MS) {
      throw new RangeError(
        `[mocklib] delay(${durationOrMode}): the longest delay is ${MAX_DELAY_MS} ms. Use delay('infinite') for a request that never answers.`,
      )
    }
    return Number.isNaN(durationOrMode) ? 0 : Math.max(0, durationOrMode)
  }
  throw new MocklibTypeError(
    'MOCKLIB_INVALID_ARGUMENT',
    `[mocklib] delay(${JSON.stringify(durationOrMode)}): unknown mode. Use a number of milliseconds, 'real' or 'infinite'.`,
  )
}
