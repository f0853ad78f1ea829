import { LifeCycleEmitter, type LifeCycleEvents } from '../../runtime/emitter'
import { MocklibTypeError } from '../../runtime/errors'
import { handleRequest, type PipelineOptions, type PipelineResult } from '../../runtime/handle-request'
import { format } from '../../runtime/messages'
import type { RequestHandler } from '../../runtime/request-handler'
import { unhandledStrategy, type UnhandledFrameHandle } from '../../runtime/unhandled-frame'
import { HandlersController, InMemoryHandlersController } from './handlers-controller'
import type { AnyNetworkFrame, HttpNetworkFrame, NetworkFrameResolutionContext } from './network-frame'
import type { NetworkSource } from './network-source'

/** Whether a network is handling its sources' frames (MSW 3's enum, as values). */
export const NetworkReadyState = { DISABLED: 0, ENABLED: 1 } as const
export type NetworkReadyState = (typeof NetworkReadyState)[keyof typeof NetworkReadyState]

export interface DefineNetworkOptions<Sources extends NetworkSource[] = NetworkSource[]> {
  /** Where frames come from. */
  sources: Sources
  /** The handlers, or a controller holding them. */
  handlers?: RequestHandler[] | HandlersController
  context?: NetworkFrameResolutionContext
  /** What to do with a frame no handler takes: as `setupServer().listen({ onUnhandledFrame })`. */
  onUnhandledFrame?: UnhandledFrameHandle
}

type Settled<R> = Extract<R, Promise<unknown>> extends never ? void : Promise<void>

export interface NetworkApi<Sources extends NetworkSource[] = NetworkSource[]> {
  readonly readyState: NetworkReadyState
  /** Enables every source and resolves their frames; a promise when a source's enable() is one. */
  enable(): Settled<ReturnType<Sources[number]['enable']>>
  /** Disables every source; a promise when a source's disable() is one. */
  disable(): Settled<ReturnType<Sources[number]['disable']>>
  /** Overrides options given to defineNetwork() (only while disabled). */
  configure(options: Partial<DefineNetworkOptions<Sources>>): void
  /** Lifecycle events, as `server.events`. */
  readonly events: LifeCycleEvents
  use(...handlers: RequestHandler[]): void
  resetHandlers(...handlers: RequestHandler[]): void
  restoreHandlers(): void
  listHandlers(): readonly RequestHandler[]
}

/**
 * A network of custom sources answered by mocklib's handlers (MSW 3's preview API,
 * `msw/experimental`): each source queues frames, and the network resolves an HTTP frame's
 * request through the same pipeline `setupServer()` uses (events, `once`, unhandled strategy).
 */
export function defineNetwork<Sources extends NetworkSource[]>(
  options: DefineNetworkOptions<Sources>,
): NetworkApi<Sources> {
  let settings: DefineNetworkOptions<Sources> = { ...options }
  let controller = controllerOf(settings.handlers)
  let readyState: NetworkReadyState = NetworkReadyState.DISABLED
  let session = { active: false }
  const emitter = new LifeCycleEmitter()

  const resolveFrame = async (frame: AnyNetworkFrame, current: { active: boolean }, pipeline: PipelineOptions) => {
    if (!current.active) return
    // By protocol, not instanceof: a frame class from the other build (ESM or CommonJS) is one too.
    if (!isHttpFrame(frame)) return frame.errorWith(unsupportedFrame(frame))
    answer(frame, await handleRequest(frame.data.request, frame.data.id, controller.list, pipeline))
  }

  return {
    get readyState() {
      return readyState
    },
    events: emitter,
    configure(next) {
      if (readyState === NetworkReadyState.ENABLED) throw stateError('configure()', 'call network.disable() first')
      if (next.handlers !== undefined && next.handlers !== settings.handlers) controller = controllerOf(next.handlers)
      settings = { ...settings, ...next }
    },
    enable() {
      if (readyState === NetworkReadyState.ENABLED) throw stateError('enable()', 'it is already enabled')
      // Options change only while disabled: the pipeline's are fixed here, once per enable().
      const { baseUrl } = settings.context ?? {}
      const pipeline: PipelineOptions = {
        emitter,
        onUnhandledRequest: unhandledStrategy({ onUnhandledFrame: settings.onUnhandledFrame }, 'defineNetwork()'),
        baseUrl: baseUrl === undefined ? undefined : String(baseUrl),
      }
      readyState = NetworkReadyState.ENABLED
      const current = (session = { active: true })
      const results = settings.sources.map((source) => {
        source.on('frame', ({ frame }) => resolveFrame(frame, current, pipeline))
        return source.enable(settings.context)
      })
      return settledTogether(results) as Settled<ReturnType<Sources[number]['enable']>>
    },
    disable() {
      if (readyState === NetworkReadyState.DISABLED) throw stateError('disable()', 'it is not enabled')
      readyState = NetworkReadyState.DISABLED
      session.active = false
      const results = settings.sources.map((source) => source.disable())
      return settledTogether(results) as Settled<ReturnType<Sources[number]['disable']>>
    },
    use: (...handlers) => controller.use(handlers),
    resetHandlers: (...handlers) => controller.reset(handlers),
    restoreHandlers: () => controller.restore(),
    listHandlers: () => controller.listHandlers(),
  }
}

function controllerOf(handlers: DefineNetworkOptions['handlers']): InMemoryHandlersController {
  if (handlers === undefined || Array.isArray(handlers)) return new InMemoryHandlersController(handlers ?? [])
  if (handlers instanceof InMemoryHandlersController) return handlers
  const kind = handlers instanceof HandlersController ? 'a custom HandlersController' : String(handlers)
  throw new MocklibTypeError(
    'MOCKLIB_INVALID_ARGUMENT',
    format(
      `defineNetwork({ handlers }) received ${kind}. Pass an array of handlers or an InMemoryHandlersController: mocklib keeps handlers in its own list.`,
    ),
  )
}

function isHttpFrame(frame: AnyNetworkFrame): frame is HttpNetworkFrame {
  return frame.protocol === 'http' && typeof (frame as Partial<HttpNetworkFrame>).respondWith === 'function'
}

/** Answers the frame as the pipeline decided. */
function answer(frame: HttpNetworkFrame, result: PipelineResult): void {
  if (result.type === 'mocked') frame.respondWith(result.response)
  else if (result.type === 'error') frame.errorWith(result.error)
  else frame.passthrough()
}

function unsupportedFrame(frame: AnyNetworkFrame): Error {
  return new MocklibTypeError(
    'MOCKLIB_INVALID_ARGUMENT',
    format(
      `defineNetwork() got a "${frame.protocol}" frame: mocklib resolves HTTP frames (HttpNetworkFrame) only; WebSocket connections are caught by setupServer() and setupWorker().`,
    ),
  )
}

function stateError(call: string, why: string): Error {
  // A state error (the network's ready state), not an argument error: a plain Error.
  return new Error(format(`Cannot call network.${call}: ${why}.`))
}

/** One promise when any of `results` is one (MSW 3's rule), else nothing. */
function settledTogether(results: unknown[]): Promise<void> | undefined {
  const promises = results.filter((r): r is Promise<unknown> => r instanceof Promise)
  return promises.length === 0 ? undefined : Promise.all(promises).then(() => undefined)
}
