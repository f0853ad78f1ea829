import { CompanionHandler } from '../../runtime/companion-handlers'
import { MocklibTypeError } from '../../runtime/errors'
import type { ExecutionResult, GraphQLSchema } from 'graphql'
import type { IMocks, IMockStore, TypePolicy } from '@graphql-tools/mock'
import { HttpResponse } from '../../runtime/http-response'
import { isRequestHandler, type RequestHandler, type RequestHandlerOptions } from '../../runtime/request-handler'
import { graphql, type GraphQLLinkHandlers } from '../graphql'
import type { GraphQLQuery } from '../types'
import { checkBody } from './body-check'
import { BODY_CHECK_MODES, type BodyCheckMode } from '../../runtime/body-mismatch'
import { checkedGraphQLHandler } from './checked-handler'
import { ValidatedDocuments } from './validated-documents'
import { prepareOperation } from './prepare-operation'
import { SchemaEndpointHandler } from './endpoint-handler'
import { executionContext } from './execution-context'
import { installDispatch } from './field-dispatch'
import { incrementalFormatOf, type IncrementalFormat } from '../incremental-format'
import { executeOperation, withIncrementalDirectives, type Execution } from './incremental-execution'
import { multipartIncrementalResponse } from '../incremental-delivery'
import {
  IncrementalHolds,
  pacePayloads,
  readIncrementalOptions,
  type HeldPart,
  type IncrementalDeliveryOptions,
} from './incremental-pacing'
import { loadPeers, type Peers } from './load-peers'
import { isRealmError, schemaMessages } from './messages'
import { listedOverrideLayers, SchemaOverrideHandler, takeOverrideLayers } from './override-handler'
import { assertOneSource, buildBaseSchema, type SchemaSource } from './schema-source'
import { seededMocks } from './seeded-mocks'
import { SeededRandom } from '../../runtime/seeded-random'
import { subscribeOperation, type SubscribeOutcome } from './subscribe-operation'
import { installSubscribers, ownSubscribers, SubscriptionRegistry } from './subscription-registry'
import { responseShape, STATUS_POLICIES, type ResponseShape, type StatusPolicy } from './status-policy'
import type {
  SchemaOverrides,
  SchemaRequestInfo,
  SchemaResolvers,
  SchemaResponseBody,
  SubscriptionField,
  SubscriptionPayload,
} from './types'

export interface SchemaExecutorOptions extends SchemaSource {
  /** Resolvers, or a function that receives the mock store and returns them (called once). */
  resolvers?: SchemaResolvers | ((store: IMockStore) => SchemaResolvers)
  /**
   * Fills the empty store: called when the executor is built and again after every `reset()`,
   * so what it writes is the data every test starts from.
   */
  initialData?: (store: IMockStore) => void
  /** @graphql-tools/mock mocks, per type name, over the seeded defaults. */
  mocks?: IMocks
  /** @graphql-tools/mock type policies (which field is an object's key). */
  typePolicies?: { [typeName: string]: TypePolicy }
  /** Seed of generated data. The same seed and requests since `reset()` give the same data. Default 1. */
  seed?: number
  /** HTTP statuses of request errors. Default 'auto'. See StatusPolicy. */
  statusPolicy?: StatusPolicy
  /** The mode of handlers wrapped by check()/checkAll() without a mode of their own. Default 'strict'. */
  bodyChecks?: BodyCheckMode
  /** How many distinct query texts keep their parsed, validated document. Default 200. */
  documentCacheSize?: number
  /** How `@defer`/`@stream` results are delivered: delays per label or path, the default format. */
  incremental?: IncrementalDeliveryOptions
}

/** What `execute()` takes: a GraphQL request without HTTP around it. */
export interface SchemaExecuteInput extends SchemaRequestInfo {
  /** Override layers for this call only, highest precedence first. */
  overrides?: readonly SchemaOverrides[]
}

export interface CheckOptions {
  /** Overrides the executor's `bodyChecks` for these handlers. */
  mode?: BodyCheckMode
}

/** The resolver form of the executor: pass it to any `graphql.*` handler. */
export type SchemaResolver = (info: SchemaRequestInfo) => Promise<HttpResponse<SchemaResponseBody>>

/**
 * @internal How `handler()` serves subscriptions: the `mocklib/schema` entry passes the
 * subscription handler factory of src/graphql-ws (which this layer cannot import); `start`
 * subscribes one operation against the schema.
 */
export type SubscriptionServing = (
  endpoint: string | RegExp | undefined,
  start: (input: SchemaRequestInfo) => Promise<SubscribeOutcome>,
  options: RequestHandlerOptions | undefined,
) => RequestHandler

/**
 * A schema-backed executor. `Subscriptions` types `publish()`: the fields of the schema's
 * `Subscription` type and their values (GraphQL Code Generator's `Subscription` type fits).
 */
export interface SchemaExecutor<Subscriptions extends object = Record<string, unknown>> {
  /**
   * Answers a GraphQL request from the schema: `graphql.operation(executor.resolver)`,
   * `graphql.link(url).operation(executor.resolver)`, or inside your own resolver.
   */
  readonly resolver: SchemaResolver
  /**
   * One handler that serves every operation from the schema. With an `endpoint` (what
   * `graphql.link()` takes) it answers everything sent there like a server, syntax errors and
   * unknown operation names included. Without one it is `graphql.operation(executor.resolver)`:
   * every parseable operation, wherever it is sent.
   */
  handler(endpoint?: string | RegExp, options?: RequestHandlerOptions): RequestHandler
  /** Executes without HTTP: the plain `{ data, errors }` result. Request errors are in `errors`. */
  execute(input: SchemaExecuteInput): Promise<ExecutionResult>
  /**
   * Field overrides as a handler for `server.use()`. They apply to this executor's answers for
   * requests that reach it after the override in the handler list, and disappear with
   * `server.resetHandlers()` (or when the `boundary()` that added them ends).
   */
  override(overrides: SchemaOverrides): RequestHandler
  /** A GraphQL handler whose hand-written bodies are checked against this schema. */
  check(handler: RequestHandler, options?: CheckOptions): RequestHandler
  /** check() for every GraphQL handler of a list; other handlers are returned as they are. */
  checkAll(handlers: readonly RequestHandler[], options?: CheckOptions): RequestHandler[]
  /**
   * Holds back every later `@defer`/`@stream` payload that delivers the part with this label
   * or path (see `incremental.delay` for paths) until `release()`; `reached` resolves once one
   * is waiting. Holds outlive requests; `reset()` releases them all.
   */
  hold(labelOrPath: string): HeldPart
  /**
   * Delivers an event to every active subscription to `field` (a field of the schema's
   * `Subscription` type), each executed with its own selection set and variables; mocks fill
   * what `payload` leaves out. Returns how many subscriptions got it.
   */
  publish<Field extends SubscriptionField<Subscriptions>>(
    field: Field,
    payload?: SubscriptionPayload<Subscriptions[Field]>,
  ): number
  /** Resolves once at least `count` (default 1) subscriptions to `field` are active: publish after it. */
  subscribed(field: SubscriptionField<Subscriptions>, count?: number): Promise<void>
  /**
   * Forgets all state (the store), restarts the seeded data, releases holds and ends (completes)
   * active subscriptions, as if just created: `initialData` fills the store again.
   */
  reset(): void
  /** Resolves once the schema is loaded and built (it happens on first use otherwise). */
  ready(): Promise<void>
  /** The mock store. Available after `ready()` or the first request. */
  readonly store: IMockStore
  /** The executable schema. Available after `ready()` or the first request. */
  readonly schema: GraphQLSchema
}

interface Built {
  peers: Peers
  schema: GraphQLSchema
  store: IMockStore
  random: SeededRandom
  cache: ValidatedDocuments
  subscriptions: SubscriptionRegistry
}

/** The validated scalar options of one executor. */
interface ExecutorSettings {
  incremental: IncrementalDeliveryOptions
  holds: IncrementalHolds
  statusPolicy: StatusPolicy
  bodyChecks: BodyCheckMode
  seed: number
  cacheSize: number
}

/** The built executor, made once on first use; a build that fails is tried again on the next use. */
class LazyBuild {
  built: Built | undefined
  private building: Promise<Built> | undefined

  constructor(
    private readonly options: SchemaExecutorOptions,
    private readonly settings: ExecutorSettings,
  ) {}

  get(): Promise<Built> {
    if (this.built !== undefined) return Promise.resolve(this.built)
    return (this.building ??= buildExecutor(this.options, this.settings.seed, this.settings.cacheSize).then(
      (result) => (this.built = result),
      (error: unknown) => {
        this.building = undefined
        throw error
      },
    ))
  }
}

type LayerValidator = (state: Built, layers: readonly SchemaOverrides[]) => readonly SchemaOverrides[]

/**
 * Creates a schema-backed executor, built once per API. It answers GraphQL requests the way
 * a server would (selection, variables, validation, GraphQL-over-HTTP statuses) with data from
 * your resolvers, then the mock store, then seeded generated values. Loading graphql and
 * @graphql-tools happens on first use, so creating it is synchronous and cheap.
 */
export function createSchemaExecutor<Subscriptions extends object = Record<string, unknown>>(
  options: SchemaExecutorOptions,
  subscriptionServing?: SubscriptionServing,
): SchemaExecutor<Subscriptions> {
  const settings = readSettings(options)
  const lazy = new LazyBuild(options, settings)
  const owner = {}
  const validLayers = layerValidator()
  const resolver = createResolver(lazy, validLayers, owner, settings)
  const check = createCheck(lazy, settings.bodyChecks)

  return {
    resolver,
    handler(endpoint, handlerOptions) {
      const handler = schemaHandler(resolver, settings.statusPolicy, endpoint, handlerOptions)
      if (subscriptionServing === undefined) return handler
      const start = async (input: SchemaRequestInfo): Promise<SubscribeOutcome> => {
        const state = await lazy.get()
        // Over HTTP the pipeline noted the overrides the request passed; a socket's subscriptions take those listed
        // now.
        const noted = takeOverrideLayers(input.requestId, owner)
        const layers = noted.length > 0 ? noted : listedOverrideLayers(carrier, owner)
        return subscribeOperation(state, input, validLayers(state, layers))
      }
      const carrier: RequestHandler = new CompanionHandler(
        handler,
        subscriptionServing(endpoint, start, handlerOptions),
      )
      return carrier
    },
    async execute(input) {
      const state = await lazy.get()
      const { result } = await run(state, input, validLayers(state, input.overrides ?? []))
      return result
    },
    override(overrides) {
      if (typeof overrides !== 'object' || overrides === null || Array.isArray(overrides)) {
        throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', schemaMessages.overrideNotObject(overrides))
      }
      if (lazy.built !== undefined) validLayers(lazy.built, [overrides])
      return new SchemaOverrideHandler(owner, overrides)
    },
    check,
    hold: (labelOrPath) => settings.holds.hold(labelOrPath),
    checkAll(handlers, checkOptions) {
      return handlers.map((handler) => (handler?.kind === 'graphql' ? check(handler, checkOptions) : handler))
    },
    publish(field, payload) {
      if (lazy.built === undefined) return 0
      checkSubscriptionField(lazy.built.schema, field)
      return lazy.built.subscriptions.publish(field, payload)
    },
    async subscribed(field, count = 1) {
      const state = await lazy.get()
      checkSubscriptionField(state.schema, field)
      return state.subscriptions.subscribed(field, count)
    },
    reset() {
      settings.holds.releaseAll()
      if (lazy.built === undefined) return
      lazy.built.subscriptions.endAll()
      lazy.built.store.reset()
      lazy.built.random.reset()
      options.initialData?.(lazy.built.store)
    },
    async ready() {
      await lazy.get()
    },
    get store() {
      // eslint-disable-next-line mocklib/coded-argument-errors -- called before ready(): a state error, not an argument
      if (lazy.built === undefined) throw new Error(schemaMessages.notReady())
      return lazy.built.store
    },
    get schema() {
      // eslint-disable-next-line mocklib/coded-argument-errors -- called before ready(): a state error, not an argument
      if (lazy.built === undefined) throw new Error(schemaMessages.notReady())
      return lazy.built.schema
    },
  }
}

function readSettings(options: SchemaExecutorOptions): ExecutorSettings {
  assertOneSource(options)
  const statusPolicy = option(options, 'statusPolicy', STATUS_POLICIES, 'auto')
  const bodyChecks = option(options, 'bodyChecks', BODY_CHECK_MODES, 'strict')
  if (options.initialData !== undefined && typeof options.initialData !== 'function') {
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      schemaMessages.badOption('initialData', options.initialData, 'a function (store) => void'),
    )
  }
  const seed = options.seed ?? 1
  if (!Number.isFinite(seed))
    throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', schemaMessages.badOption('seed', seed, 'a finite number'))
  const cacheSize = options.documentCacheSize ?? 200
  if (!Number.isInteger(cacheSize) || cacheSize < 1) {
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      schemaMessages.badOption('documentCacheSize', cacheSize, 'a positive integer'),
    )
  }
  return {
    statusPolicy,
    bodyChecks,
    seed,
    cacheSize,
    incremental: readIncrementalOptions(options.incremental),
    holds: new IncrementalHolds(),
  }
}

/** Overrides made before the schema was built are checked against it when first applied, each once. */
function layerValidator(): LayerValidator {
  const checkedOverrides = new WeakSet<SchemaOverrides>()
  return (state, layers) => {
    for (const layer of layers) {
      if (checkedOverrides.has(layer)) continue
      checkOverrides(state, layer)
      checkedOverrides.add(layer)
    }
    return layers
  }
}

function createResolver(
  lazy: LazyBuild,
  validLayers: LayerValidator,
  owner: object,
  settings: ExecutorSettings,
): SchemaResolver {
  return async (info) => {
    const state = await lazy.get()
    const layers = validLayers(state, takeOverrideLayers(info.requestId, owner))
    const shape = responseShape(info.request, settings.statusPolicy)
    const wanted = incrementalFormatOf(info.request?.headers.get('accept') ?? null, settings.incremental.defaultFormat)
    const { result, status, allow, execution } = await run(state, info, layers, shape.requestErrorStatus, wanted)
    if (execution?.kind === 'incremental') {
      const split = settings.incremental.delay !== undefined || settings.holds.size > 0
      const before = pacePayloads(settings.incremental, settings.holds, execution.initial)
      return multipartIncrementalResponse(execution.initial, execution.subsequent, {
        before,
        split,
        clientSignal: info.request?.signal,
      }) as HttpResponse<SchemaResponseBody>
    }
    const headers: Record<string, string> = { 'content-type': shape.contentType }
    if (allow !== undefined) headers.allow = allow
    return HttpResponse.json(result as SchemaResponseBody, { status, headers })
  }
}

function createCheck(lazy: LazyBuild, bodyChecks: BodyCheckMode): SchemaExecutor['check'] {
  const checker = {
    async check(input: SchemaRequestInfo, data: Record<string, unknown>) {
      const state = await lazy.get()
      return checkBody(state.peers, state.schema, state.cache, input, data)
    },
    defaultMode: () => bodyChecks,
  }
  return (handler, checkOptions = {}) => {
    if (!isRequestHandler(handler)) {
      throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', schemaMessages.checkNeedsHandler(handler))
    }
    if (handler.kind !== 'graphql')
      throw new MocklibTypeError(
        'MOCKLIB_INVALID_ARGUMENT',
        schemaMessages.checkNotGraphQL(handler.info.header, handler.kind),
      )
    const mode = checkOptions.mode === undefined ? undefined : checkMode(checkOptions.mode)
    if (mode === 'off') return handler
    return checkedGraphQLHandler(handler, checker, mode)
  }
}

/** `executor.handler()`: every operation anywhere, or everything sent to one endpoint. */
function schemaHandler(
  resolver: SchemaResolver,
  statusPolicy: StatusPolicy,
  endpoint: string | RegExp | undefined,
  handlerOptions: RequestHandlerOptions | undefined,
): RequestHandler {
  if (endpoint === undefined) return graphql.operation<GraphQLQuery, object>(resolver, handlerOptions)
  const link: GraphQLLinkHandlers = graphql.link(endpoint)
  return new SchemaEndpointHandler(
    link.operation<GraphQLQuery, object>(resolver, handlerOptions),
    (request, message) => {
      const shape = responseShape(request, statusPolicy)
      return HttpResponse.json(
        { errors: [{ message }] },
        { status: shape.requestErrorStatus('syntax'), headers: { 'content-type': shape.contentType } },
      )
    },
  )
}

async function buildExecutor(options: SchemaExecutorOptions, seed: number, cacheSize: number): Promise<Built> {
  const peers = await loadPeers()
  const base = withIncrementalDirectives(peers, await buildBaseSchema(peers, options))
  const random = new SeededRandom(seed)
  try {
    const store = peers.mock.createMockStore({
      schema: base,
      mocks: { ...seededMocks(peers, base, random), ...options.mocks },
      typePolicies: options.typePolicies,
      mockGenerationBehavior: 'deterministic',
    })
    options.initialData?.(store)
    const resolvers = typeof options.resolvers === 'function' ? options.resolvers(store) : options.resolvers
    const subscribers = ownSubscribers(base, resolvers, options.schema !== undefined)
    const schema = peers.mock.addMocksToSchema({
      schema: base,
      store,
      resolvers: resolvers as never,
      // A schema that came with resolvers keeps them; mocks fill in what they leave out.
      preserveResolvers: options.schema !== undefined,
    })
    installDispatch(peers, schema)
    const subscriptions = new SubscriptionRegistry()
    installSubscribers(peers, schema, subscribers, subscriptions)
    return { peers, schema, store, random, cache: new ValidatedDocuments(peers, schema, cacheSize), subscriptions }
  } catch (error) {
    if (isRealmError(error)) {
      // eslint-disable-next-line mocklib/coded-argument-errors -- two copies of graphql installed, not an argument
      throw new Error(schemaMessages.twoGraphQLCopies('found while adding mocks to the schema'), { cause: error })
    }
    throw error
  }
}

type ErrorStatus = ResponseShape['requestErrorStatus']

interface RunOutcome {
  result: ExecutionResult
  status: number
  allow?: string
  execution?: Execution
}

/** One GraphQL request against the built schema, from query text to result and status. */
async function run(
  state: Built,
  input: SchemaRequestInfo,
  layers: readonly SchemaOverrides[],
  errorStatus: ErrorStatus = () => 200,
  wanted?: IncrementalFormat,
): Promise<RunOutcome> {
  const prepared = prepareOperation(state.peers, state.cache, input)
  if (prepared.kind === 'request-error')
    return { result: { errors: prepared.errors }, status: errorStatus(prepared.errorKind) }
  const { peers } = state
  const { document, operation, operationName, variables } = prepared
  if (input.request?.method === 'GET' && operation.operation !== 'query') {
    return {
      result: { errors: [new peers.graphql.GraphQLError(schemaMessages.mutationOverGet(operation.operation))] },
      status: 405,
      allow: 'POST',
    }
  }

  const context = executionContext(state.store, input, variables, layers)
  let execution: Execution
  try {
    execution = await executeOperation(
      peers,
      { schema: state.schema, document, variableValues: variables, operationName, contextValue: context },
      wanted,
      input.request?.signal,
    )
  } catch (error) {
    // eslint-disable-next-line mocklib/coded-argument-errors -- two copies of graphql installed, not an argument
    if (isRealmError(error)) throw new Error(schemaMessages.twoGraphQLCopies('found while executing'), { cause: error })
    throw error
  }
  if (execution.kind === 'incremental') return { result: execution.initial as ExecutionResult, status: 200, execution }
  const result = execution.result
  // No `data` at all: the variables did not coerce, a request error.
  const status = 'data' in result && result.data !== undefined ? 200 : errorStatus('validation')
  return { result, status }
}

function checkOverrides(state: Built, overrides: SchemaOverrides): void {
  const { isObjectType } = state.peers.graphql
  const typeMap = state.schema.getTypeMap()
  for (const [typeName, fields] of Object.entries(overrides)) {
    const type = typeMap[typeName]
    if (!isObjectType(type)) {
      const known = Object.values(typeMap)
        .filter((candidate) => isObjectType(candidate) && !candidate.name.startsWith('__'))
        .map((candidate) => candidate.name)
      throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', schemaMessages.overrideUnknownType(typeName, known))
    }
    if (typeof fields !== 'object' || fields === null)
      throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', schemaMessages.overrideNotObject(fields))
    const known = type.getFields()
    for (const fieldName of Object.keys(fields)) {
      if (!Object.hasOwn(known, fieldName))
        throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', schemaMessages.overrideUnknownField(typeName, fieldName))
    }
  }
}

function checkSubscriptionField(schema: GraphQLSchema, field: unknown): void {
  const known = Object.keys(schema.getSubscriptionType()?.getFields() ?? {})
  if (typeof field !== 'string' || !known.includes(field)) {
    throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', schemaMessages.publishUnknownField(field, known))
  }
}

function checkMode(mode: unknown): BodyCheckMode {
  if (!BODY_CHECK_MODES.includes(mode as BodyCheckMode))
    throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', schemaMessages.badCheckMode(mode))
  return mode as BodyCheckMode
}

function option<T extends string>(
  options: SchemaExecutorOptions,
  key: 'statusPolicy' | 'bodyChecks',
  allowed: readonly T[],
  fallback: T,
): T {
  const value = options[key]
  if (value === undefined) return fallback
  if (!allowed.includes(value as T)) {
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      schemaMessages.badOption(key, value, allowed.map((entry) => `'${entry}'`).join(', ')),
    )
  }
  return value as T
}
