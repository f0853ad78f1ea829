import { isNodeProcess } from './environment'

/** The longest timer the platform accepts (2^31 - 1 ms, about 24.8 days). */
export const MAX_DELAY_MS = 2_147_483_647

export type DelayMode = 'real' | 'infinite'

/**
 * Waits before the resolver continues.
 * - `delay()` / `delay('real')`: a realistic server time (5 ms in Node, 100–400 ms in a browser);
 * - `delay(ms)`: exactly that long (a negative duration waits for nothing);
 * - `delay('infinite')`: never resolves; the request stays pending until the client aborts it.
 *   It holds no timer, so it never keeps a process alive.
 */
export function delay(durationOrMode?: DelayMode | number): Promise<void> {
  if (durationOrMode === 'infinite') return new Promise<void>(() => {})
  let ms: number
  if (durationOrMode === undefined || durationOrMode === 'real') {
    ms = isNodeProcess() ? 5 : 100 + Math.floor(Math.random() * 300)
  } else if (typeof durationOrMode === 'number') {
    if (Number.isNaN(durationOrMode)) {
      throw new TypeError(`[mocklib] delay(NaN): the duration must be a number of milliseconds.`)
    }
    if (durationOrMode > MAX_DELAY_MS) {
      throw new RangeError(
        `[mocklib] delay(${durationOrMode}): the longest delay is ${MAX_DELAY_MS} ms. Use delay('infinite') for a request that never answers.`,
      )
    }
    // A computed duration that went negative means "no wait", as with setTimeout (and MSW).
    ms = Math.max(0, durationOrMode)
  } else {
    throw new TypeError(
      `[mocklib] delay(${JSON.stringify(durationOrMode)}): unknown mode. Use a number of milliseconds, 'real' or 'infinite'.`,
    )
  }
  return new Promise((resolve) => setTimeout(resolve, ms))
}
