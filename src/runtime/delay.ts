import { MocklibTypeError } from './errors'
import { isNodeProcess } from './environment'

/** The longest timer the platform accepts (2^31 - 1 ms, about 24.8 days). */
export const MAX_DELAY_MS = 2_147_483_647

export type DelayMode = 'real' | 'infinite'

/**
 * A random delay, drawn from `random` (default `Math.random`; `seededRandom(seed)` repeats a run):
 * - `{ min, max }`: uniform between the two (ms);
 * - `{ mean, deviation }`: normal (ms), never below 0;
 * - `{ median, spread }`: log-normal, as real latencies are: half the delays are under `median`,
 *   and about two in three fall between `median / spread` and `median * spread` (`spread` > 1).
 */
export type DelayDistribution = (
  { min: number; max: number } | { mean: number; deviation: number } | { median: number; spread: number }
) & { random?: () => number }

/**
 * Waits before the resolver continues.
 * - `delay()` / `delay('real')`: a realistic server time (5 ms in Node, 100–400 ms in a browser);
 * - `delay(ms)`: exactly that long (a negative duration, `NaN` or `null` waits for nothing);
 * - `delay('infinite')`: never resolves; the request stays pending until the client aborts it.
 *   It holds no timer, so it never keeps a process alive.
 * Bad input rejects the returned promise (as an async function would), never throws at the call.
 */
export function delay(durationOrMode?: DelayMode | number | DelayDistribution): Promise<void> {
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
  if (typeof durationOrMode === 'object') return Math.min(MAX_DELAY_MS, drawDelay(durationOrMode as DelayDistribution))
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
    `[mocklib] delay(${JSON.stringify(durationOrMode)}): unknown mode. Use a number of milliseconds, 'real', 'infinite' or a distribution ({ min, max }, { mean, deviation }, { median, spread }).`,
  )
}

/** One draw from a delay distribution, in whole milliseconds. */
export function drawDelay(distribution: DelayDistribution): number {
  const random = distribution.random ?? Math.random
  const numbers = (...names: string[]) =>
    names.map((name) => (distribution as unknown as Record<string, unknown>)[name]).every(isFiniteNumber)
  let ms: number
  if ('min' in distribution && numbers('min', 'max') && distribution.max >= distribution.min) {
    ms = distribution.min + random() * (distribution.max - distribution.min)
  } else if ('mean' in distribution && numbers('mean', 'deviation') && distribution.deviation >= 0) {
    ms = distribution.mean + distribution.deviation * standardNormal(random)
  } else if ('median' in distribution && numbers('median', 'spread') && distribution.spread >= 1) {
    ms = distribution.median * Math.exp(Math.log(distribution.spread) * standardNormal(random))
  } else {
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      `[mocklib] delay(${JSON.stringify(distribution)}): a distribution is { min, max } (max >= min), { mean, deviation } (deviation >= 0) or { median, spread } (spread >= 1), in milliseconds.`,
    )
  }
  return Math.max(0, Math.round(ms))
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value)
}

/** A standard normal draw (Box–Muller), from two uniform ones. */
function standardNormal(random: () => number): number {
  const u = 1 - random()
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random())
}
