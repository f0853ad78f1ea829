import { isResponse } from './platform-response'
import { noteChaosFault } from './chaos-seeds'
import type { ChaosSteps } from './chaos-steps'
import { connectionWrapper, type ConnectionClient } from './connection-wrapper'
import { delay, drawDelay, type DelayDistribution } from './delay'
import { DelegatingHandler } from './delegating-handler'
import { MocklibTypeError } from './errors'
import { DELAY_MESSAGES, fault } from './fault'
import { HttpResponse } from './http-response'
import { describeValue, format } from './messages'
import type { RequestHandler, ResolverInfoBase, ResponseResolver } from './request-handler'
import { hashText, SeededRandom } from './seeded-random'

/**
 * What chaos may do to a request it picks, or to a WebSocket connection (`'drop'`, the only
 * fault of a connection: it is lost after a number of messages, `dropAfter`).
 */
export type ChaosFault =
  'reset' | 'refused' | 'dns' | 'hang' | 'reset-after' | 'truncate' | 'stall' | 'server-error' | 'drop'

export interface ChaosOptions {
  /** The fraction of requests that fail, from 0 to 1. */
  rate: number
  /** The faults to pick from, each as likely as the others, or weighted. Default: `['reset']`. */
  faults?: readonly ChaosFault[] | Partial<Record<ChaosFault, number>>
  /**
   * A wait before every request wrapped handlers answer, and before each message of a WebSocket
   * connection they take reaches the client, drawn from the chaos seed's stream.
   */
  latency?: DelayDistribution
  /** How many messages reach the client before a `'drop'`: drawn from this range. Default: 0 to 10. */
  dropAfter?: number | { min: number; max: number }
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

/** On the global registry: a chaos made by one build is an option to the other's servers. */
const CHAOS_STEPS = Symbol.for('mocklib.chaos.steps')

/** The faults of an HTTP request; a connection's is 'drop'. */
const HTTP_FAULTS: readonly ChaosFault[] = [
  'reset',
  'refused',
  'dns',
  'hang',
  'reset-after',
  'truncate',
  'stall',
  'server-error',
]
const ALL: readonly ChaosFault[] = [...HTTP_FAULTS, 'drop']

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
  // A bad distribution fails here, not at the first request.
  if (latency !== undefined) drawDelay({ ...latency, random: () => 0.5 })
  const weights = faultWeights(options.faults ?? ['reset'])
  const httpWeights = weights.filter(([name]) => HTTP_FAULTS.includes(name))
  const connectionWeights = weights.filter(([name]) => name === 'drop')
  const dropRange = checkedDropRange(options.dropAfter)
  const seed = chooseSeed(options.seed)
  const counts = new Map<string, number>()
  const outcomes: ChaosOutcome[] = []
  // Connections decided for: one decision each, however many wrapped handlers take it.
  const connections = new WeakSet<object>()
  let announced = false

  /** The fault for one request or connection (`key`), from `choices`, and its own seeded stream. */
  const decide = (key: string, choices: [ChaosFault, number][]) => {
    const count = counts.get(key) ?? 0
    counts.set(key, count + 1)
    const random = new SeededRandom(hashText(`${seed}:${key}:${count}`))
    const chosen = random.next() < rate ? pick(choices, random.next()) : undefined
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

  const steps: ChaosSteps = {
    async request(method, url) {
      const { chosen, random } = decide(`${method} ${url}`, httpWeights)
      if (latency !== undefined) await delay({ ...latency, random: () => random.next() })
      if (chosen === 'reset' || chosen === 'refused' || chosen === 'dns') return { answer: fault[chosen]() }
      if (chosen === 'hang') await fault.hang()
      if (chosen === 'server-error') return { answer: HttpResponse.text('Internal Server Error', { status: 500 }) }
      if (chosen === undefined) return {}
      return {
        cut(answer) {
          // A network error has no body to cut.
          if (answer.type === 'error') return answer
          // A cut somewhere in the first kilobyte: before the end of most bodies, and varied.
          const bytes = Math.floor(random.next() * 1024)
          if (chosen === 'stall') return fault.stall(answer, bytes)
          return chosen === 'truncate' ? fault.truncate(answer, bytes) : fault.resetAfter(answer, bytes)
        },
      }
    },
    connection(url) {
      const { chosen, random } = decide(`WebSocket ${url.href}`, connectionWeights)
      const dropAfter = chosen === 'drop' ? random.int(dropRange.min, dropRange.max) : undefined
      const delayMessage =
        latency === undefined ? undefined : () => drawDelay({ ...latency, random: () => random.next() })
      return { dropAfter, delayMessage }
    },
  }

  const resolverFor = (handler: RequestHandler): ResponseResolver<ResolverInfoBase> => {
    const inner = handler.resolver as ResponseResolver<ResolverInfoBase>
    return async (info) => {
      const step = await steps.request(info.request.method, info.request.url)
      if (step.answer !== undefined) return step.answer
      const answer = await inner(info)
      return step.cut !== undefined && isResponse(answer) ? step.cut(answer) : answer
    }
  }

  /** A connection a wrapped handler takes: maybe dropped after some messages, its messages maybe delayed. */
  const onConnection = (client: ConnectionClient, connect: () => void) => {
    if (connections.has(client.socket)) return connect()
    connections.add(client.socket)
    const { dropAfter, delayMessage } = steps.connection(client.url)
    if (dropAfter !== undefined) fault.drop(client, dropAfter)
    if (delayMessage !== undefined) {
      const delayMessages = (client as { [DELAY_MESSAGES]?: (draw: () => number) => void })[DELAY_MESSAGES]
      delayMessages?.call(client, delayMessage)
    }
    connect()
  }

  const wrapOne = (handler: RequestHandler): RequestHandler => {
    const wrapper = connectionWrapper(handler)
    const takesHttp = wrapper === undefined || wrapper.servesHttp
    const hasFault = (takesHttp && httpWeights.length > 0) || (wrapper !== undefined && connectionWeights.length > 0)
    if (!hasFault && (wrapper === undefined || latency === undefined)) throw noFaultFor(handler, wrapper !== undefined)
    const resolver = resolverFor(handler)
    return wrapper === undefined ? new ChaosHandler(handler, resolver) : wrapper.wrap(resolver, onConnection)
  }

  const chaos: Chaos = {
    seed,
    outcomes,
    wrap: (...handlers) => handlers.map(wrapOne) as typeof handlers,
    reset() {
      counts.clear()
      outcomes.length = 0
    },
  }
  Object.defineProperty(chaos, CHAOS_STEPS, { value: steps })
  return chaos
}

/**
 * A server's or boundary's chaos (`listen({ chaos })`), checked where it was given: a `Chaos`
 * from createChaos() (whose seed and outcomes the test reads) or its options. `call` names the
 * place (`%s`: the value).
 */
export function scopeChaos(option: unknown, call: string): ChaosSteps | undefined {
  if (option === undefined) return undefined
  const steps = (option as { [CHAOS_STEPS]?: ChaosSteps } | null)?.[CHAOS_STEPS]
  if (steps !== undefined) return steps
  if (typeof option === 'object' && option !== null && 'rate' in option) {
    return (createChaos(option as ChaosOptions) as unknown as { [CHAOS_STEPS]: ChaosSteps })[CHAOS_STEPS]
  }
  throw new MocklibTypeError(
    'MOCKLIB_INVALID_ARGUMENT',
    format(`${call.replace('%s', describeValue(option))}: give createChaos({ rate, ... }) or its options.`),
  )
}

/** A handler none of the chaos' faults applies to. */
function noFaultFor(handler: RequestHandler, takesConnections: boolean): MocklibTypeError {
  const advice = takesConnections
    ? "it takes WebSocket connections, whose one fault is 'drop': add 'drop' to faults (or give a latency, which delays its messages)"
    : `it answers HTTP requests, and 'drop' is a WebSocket connection's fault: add one of ${HTTP_FAULTS.map((name) => `'${name}'`).join(', ')}`
  return new MocklibTypeError(
    'MOCKLIB_INVALID_ARGUMENT',
    format(`chaos.wrap(): none of the chaos' faults applies to "${handler.info.header}": ${advice}.`),
  )
}

/** `dropAfter` as a range of message counts, checked. */
function checkedDropRange(dropAfter: ChaosOptions['dropAfter']): { min: number; max: number } {
  const range = typeof dropAfter === 'number' ? { min: dropAfter, max: dropAfter } : (dropAfter ?? { min: 0, max: 10 })
  const count = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 0
  if (typeof range === 'object' && range !== null && count(range.min) && count(range.max) && range.max >= range.min) {
    return range
  }
  throw new MocklibTypeError(
    'MOCKLIB_INVALID_ARGUMENT',
    format(
      `createChaos({ dropAfter: ${JSON.stringify(dropAfter)} }): give a number of messages (0 or more) or { min, max } of them.`,
    ),
  )
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

/** The fault `draw` (0 to 1) lands on among `choices`, in proportion to their weights; none when there are none. */
function pick(choices: [ChaosFault, number][], draw: number): ChaosFault | undefined {
  const target = draw * choices.reduce((sum, [, weight]) => sum + weight, 0)
  let sum = 0
  for (const [name, weight] of choices) {
    sum += weight
    if (target < sum) return name
  }
  return choices.at(-1)?.[0]
}
