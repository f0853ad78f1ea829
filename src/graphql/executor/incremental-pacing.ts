import { MocklibTypeError } from '../../runtime/errors'
import { INCREMENTAL_FORMATS, type IncrementalFormat, type IncrementalPayload } from '../incremental-format'
import {
  IncrementalPartTracker,
  partDelay,
  type BeforePayload,
  type IncrementalPartInfo,
} from '../incremental-delivery'

/** How the schema executor delivers `@defer`/`@stream` results. */
export interface IncrementalDeliveryOptions {
  /**
   * Milliseconds to wait before each later payload is sent, to show loading states: one number
   * for every payload, or an object keyed by `@defer`/`@stream` label or by path (`'hero'`,
   * `'hero.friends'`; `'posts.author'` also matches `'posts.1.author'`), with `'*'` for the rest.
   * Parts are sent in order, each after its own wait (a payload the executor produced with
   * several parts is split into one per part whenever delays or holds are set). Default: no wait.
   */
  delay?: number | Readonly<Record<string, number>>
  /** The format for a client that accepts `multipart/mixed` without naming one. Default `'deferSpec=20220824'`. */
  defaultFormat?: IncrementalFormat
}

/** A deferred part held back by `executor.hold()`. */
export interface HeldPart {
  /** Resolves when a payload that delivers the part is waiting (what comes before it is out and read). */
  readonly reached: Promise<void>
  /** Lets waiting and later payloads go. */
  release(): void
}

/** The keys a part is known by: its label, its exact path, and its path without list indexes. */
function keysOf(part: IncrementalPartInfo): string[] {
  const keys = [part.path.join('.'), part.path.filter((key) => typeof key === 'string').join('.')]
  return part.label === undefined ? keys : [part.label, ...keys]
}

interface Hold {
  readonly key: string
  readonly released: Promise<void>
  release(): void
  reach(): void
}

/** The holds of one executor, until released (or the executor is reset). */
export class IncrementalHolds {
  readonly #holds = new Set<Hold>()

  hold(key: string): HeldPart {
    if (typeof key !== 'string' || key === '') {
      throw new MocklibTypeError(
        'MOCKLIB_INVALID_ARGUMENT',
        `executor.hold() takes a @defer/@stream label or a path such as 'hero.friends', not ${JSON.stringify(key)}.`,
      )
    }
    let release!: () => void
    let reach!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    const reached = new Promise<void>((resolve) => (reach = resolve))
    const hold: Hold = { key, released, reach, release: () => (this.#holds.delete(hold), release()) }
    this.#holds.add(hold)
    return { reached, release: hold.release }
  }

  /** The releases the parts wait for, marking their holds reached. */
  waitFor(parts: readonly IncrementalPartInfo[]): Array<Promise<void>> {
    const keys = new Set(parts.flatMap(keysOf))
    const waits: Array<Promise<void>> = []
    for (const hold of this.#holds) {
      if (!keys.has(hold.key)) continue
      hold.reach()
      waits.push(hold.released)
    }
    return waits
  }

  get size(): number {
    return this.#holds.size
  }

  releaseAll(): void {
    for (const hold of [...this.#holds]) hold.release()
  }
}

/** Checks the options once, at creation. */
export function readIncrementalOptions(options: IncrementalDeliveryOptions | undefined): IncrementalDeliveryOptions {
  const { delay, defaultFormat } = options ?? {}
  const bad = (what: string, value: unknown) =>
    new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      `createSchemaExecutor(): incremental.${what} is ${JSON.stringify(value)}; it must be ${what === 'defaultFormat' ? INCREMENTAL_FORMATS.map((name) => `'${name}'`).join(' or ') : 'a number of milliseconds ≥ 0, or an object of them by label or path'}.`,
    )
  if (defaultFormat !== undefined && !INCREMENTAL_FORMATS.includes(defaultFormat))
    throw bad('defaultFormat', defaultFormat)
  const delays = typeof delay === 'number' || delay === undefined ? [delay ?? 0] : Object.values(delay)
  if (typeof delay !== 'number' && delay !== undefined && (typeof delay !== 'object' || delay === null))
    throw bad('delay', delay)
  if (delays.some((value) => typeof value !== 'number' || !(value >= 0))) throw bad('delay', delay)
  return { delay, defaultFormat }
}

/** What each later payload of one response waits for: its delay, then any holds on its parts. */
export function pacePayloads(
  options: IncrementalDeliveryOptions,
  holds: IncrementalHolds,
  initial: IncrementalPayload,
): BeforePayload<IncrementalPayload> {
  const tracker = new IncrementalPartTracker()
  tracker.parts(initial)
  return async (payload, _index, ended) => {
    const parts = tracker.parts(payload)
    await partDelay(delayOf(options.delay, parts), ended)
    if (ended.aborted) return
    await Promise.all(holds.waitFor(parts))
  }
}

function delayOf(delay: IncrementalDeliveryOptions['delay'], parts: readonly IncrementalPartInfo[]): number {
  if (delay === undefined) return 0
  if (typeof delay === 'number') return delay
  let longest = 0
  for (const part of parts) {
    const key = keysOf(part).find((candidate) => Object.hasOwn(delay, candidate))
    longest = Math.max(longest, delay[key ?? '*'] ?? 0)
  }
  return longest
}
