import { noteChaosFault } from './chaos-seeds'
import { delay, type DelayDistribution } from './delay'
import { DelegatingHandler } from './delegating-handler'
import { MocklibTypeError } from './errors'
import { fault } from './fault'
import { HttpResponse } from './http-response'
import { format } from './messages'
import type { RequestHandler, ResolverInfoBase, ResponseResolver } from './request-handler'
import { hashText, SeededRandom } from './seeded-random'

/** What chaos may do to a request it picks. */
export type ChaosFault = 'reset' | 'refused' | 'dns' | 'hang' | 'reset-after' | 'truncate' | 'stall' | 'server-error'

export interface ChaosOptions {
  /** The fraction of requests that fail, from 0 to 1. */
  rate: number
  /** The faults to pick from, each as likely as the others, or weighted. Default: `['reset']`. */
  faults?: readonly ChaosFault[] | Partial<Record<ChaosFault, number>>
  /** A wait before every request wrapped handlers answer, drawn from the chaos seed's stream. */
  latency?: DelayDistribution
  /**
   * The seed of every decision. Default: the `MOCKLIB_SEED` environment variable, else a
   * random one, printed with the first fault so that a failing run can be replayed.
   */
  seed?: number | string
}

/** One decision chaos made, in the order requests reached it. */
export interface ChaosOutcome {
  request: string
  fault: ChaosFault | undefined
}

export interface Chaos {
  /** The seed in use: pass it as `seed` (or `MOCKLIB_SEED`) to replay a run. */
  readonly seed: number
  /** The decisions so far. */
  readonly outcomes: readonly ChaosOutcome[]
  /** The handlers, each failing the chosen fraction of the requests it would answer. */
  wrap<Handlers extends RequestHandler[]>(...handlers: Handlers): Handlers
  /** Forgets the decisions and the request counts: the next run starts the sequence again. */
  reset(): void
}

const ALL: readonly ChaosFault[] = [
  'reset',
  'refused',
  'dns',
  'hang',
  'reset-after',
  'truncate',
  'stall',
  'server-error',
]

/**
 * Seeded chaos for a list of handlers. Each request is decided by a generator seeded from the
 * seed, the request's method and URL, and how many such requests came before it, so the same
 * seed gives the same outcomes for the same requests, whatever else runs in between.
 */
export function createChaos(options: ChaosOptions): Chaos {
  const { rate, latency } = options
  if (typeof rate !== 'number' || !(rate >= 0 && rate <= 1)) {
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      format(`createChaos({ rate: ${String(rate)} }): rate is a fraction from 0 to 1.`),
    )
  }
  const weights = faultWeights(options.faults ?? ['reset'])
  const seed = chooseSeed(options.seed)
  const counts = new Map<string, number>()
  const outcomes: ChaosOutcome[] = []
  let announced = false

  const decide = (request: Request) => {
    const key = `${request.method} ${request.url}`
    const count = counts.get(key) ?? 0
    counts.set(key, count + 1)
    const random = new SeededRandom(hashText(`${seed}:${key}:${count}`))
    const chosen = random.next() < rate ? pick(weights, random.next()) : undefined
    outcomes.push({ request: key, fault: chosen })
    if (chosen !== undefined) noteChaosFault(seed, `${key} with '${chosen}'`)
    if (chosen !== undefined && !announced) {
      announced = true
      console.info(
        format(`chaos (seed ${seed}) failed ${key} with '${chosen}'. Replay this run with MOCKLIB_SEED=${seed}.`),
      )
    }
    return { chosen, random }
  }

  const wrapOne = (handler: RequestHandler): RequestHandler => {
    const inner = handler.resolver as ResponseResolver<ResolverInfoBase>
    const resolver: ResponseResolver<ResolverInfoBase> = async (info) => {
      const { chosen, random } = decide(info.request)
      if (latency !== undefined) await delay({ ...latency, random: () => random.next() })
      if (chosen === 'reset' || chosen === 'refused' || chosen === 'dns') return fault[chosen]()
      if (chosen === 'hang') return fault.hang()
      if (chosen === 'server-error') return HttpResponse.text('Internal Server Error', { status: 500 })
      const answer = await inner(info)
      if (chosen === undefined || !(answer instanceof Response)) return answer
      // A cut somewhere in the first kilobyte: before the end of most bodies, and varied.
      const bytes = Math.floor(random.next() * 1024)
      if (chosen === 'stall') return fault.stall(answer, bytes)
      return chosen === 'truncate' ? fault.truncate(answer, bytes) : fault.resetAfter(answer, bytes)
    }
    return new ChaosHandler(handler, resolver)
  }

  return {
    seed,
    outcomes,
    wrap: (...handlers) => handlers.map(wrapOne) as typeof handlers,
    reset() {
      counts.clear()
      outcomes.length = 0
    },
  }
}

/** A handler whose resolver chaos decides for: everything else is the wrapped handler's. */
class ChaosHandler extends DelegatingHandler {}

function chooseSeed(seed: number | string | undefined): number {
  if (seed !== undefined) return typeof seed === 'number' ? seed >>> 0 : hashText(seed)
  const fromEnv = typeof process === 'undefined' ? undefined : process.env?.MOCKLIB_SEED
  if (fromEnv !== undefined && fromEnv !== '') return /^\d+$/.test(fromEnv) ? Number(fromEnv) >>> 0 : hashText(fromEnv)
  return Math.floor(Math.random() * 2 ** 32)
}

function faultWeights(faults: ChaosOptions['faults']): [ChaosFault, number][] {
  const entries: [string, unknown][] = Array.isArray(faults)
    ? faults.map((name) => [name, 1])
    : Object.entries(faults ?? {})
  const valid = entries.every(
    ([name, weight]) => ALL.includes(name as ChaosFault) && typeof weight === 'number' && weight >= 0,
  )
  const total = entries.reduce((sum, [, weight]) => sum + Number(weight), 0)
  if (!valid || !(total > 0)) {
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      format(
        `createChaos({ faults: ${JSON.stringify(faults)} }): give a list of faults or weights by fault, from ${ALL.map((name) => `'${name}'`).join(', ')}.`,
      ),
    )
  }
  return entries.map(([name, weight]) => [name as ChaosFault, Number(weight) / total])
}

function pick(weights: [ChaosFault, number][], draw: number): ChaosFault {
  let sum = 0
  for (const [name, weight] of weights) {
    sum += weight
    if (draw < sum) return name
  }
  return weights.at(-1)![0]
}
