import type { DocumentNode, ExecutionArgs, ExecutionResult, GraphQLDirective, GraphQLSchema } from 'graphql'
import { iterateUntil } from '../../runtime/iterate-until'
import { format, warnOnce } from '../../runtime/messages'
import { assembleLegacy } from '../incremental-data'
import type { IncrementalFormat, IncrementalPayload, LegacyIncrementalPayload } from '../incremental-format'
import { legacyToV02 } from '../incremental-v02'
import { loadModule } from '../../runtime/load-module'
import type { Peers } from './load-peers'

declare const require: (id: string) => unknown

/** What executing one operation gave: one result, or an initial payload and the later ones. */
export type Execution =
  | { readonly kind: 'single'; readonly result: ExecutionResult }
  | {
      readonly kind: 'incremental'
      readonly format: IncrementalFormat
      readonly initial: IncrementalPayload
      readonly subsequent: AsyncIterable<IncrementalPayload> | Iterable<IncrementalPayload>
    }

interface IncrementalResults<P> {
  initialResult: P
  subsequentResults: AsyncGenerator<P, void, void>
}
type Executed<P> = ExecutionResult | IncrementalResults<P>
type ExecuteFunction<P> = (args: ExecutionArgs) => Executed<P> | Promise<Executed<P>>

/** graphql 17's incremental entry points (graphql 16 has neither). */
interface GraphQL17Api {
  experimentalExecuteIncrementally: ExecuteFunction<IncrementalPayload>
  legacyExecuteIncrementally: ExecuteFunction<LegacyIncrementalPayload>
  GraphQLDeferDirective: GraphQLDirective
  GraphQLStreamDirective: GraphQLDirective
}

function graphql17(peers: Peers): GraphQL17Api | undefined {
  const api = peers.graphql as unknown as Partial<GraphQL17Api>
  return typeof api.experimentalExecuteIncrementally === 'function' ? (api as GraphQL17Api) : undefined
}

const isIncremental = <P>(executed: Executed<P>): executed is IncrementalResults<P> => 'initialResult' in executed

/**
 * Gives a schema the `@defer` and `@stream` directive definitions when it lacks them, so that
 * documents using them validate: graphql 17's own definitions, or the same definitions built
 * with graphql 16 (whose executor ignores them; `@graphql-tools/executor` reads them).
 */
export function withIncrementalDirectives(peers: Peers, schema: GraphQLSchema): GraphQLSchema {
  const missing = [deferDirective(peers), streamDirective(peers)].filter(
    (directive) => schema.getDirective(directive.name) === undefined,
  )
  if (missing.length === 0) return schema
  const config = schema.toConfig()
  return new peers.graphql.GraphQLSchema({ ...config, directives: [...config.directives, ...missing] })
}

function deferDirective(peers: Peers): GraphQLDirective {
  const { GraphQLDirective, GraphQLString, GraphQLBoolean, GraphQLNonNull, DirectiveLocation } = peers.graphql
  return (
    graphql17(peers)?.GraphQLDeferDirective ??
    new GraphQLDirective({
      name: 'defer',
      description: 'Delivers the fragment after the rest of the result.',
      locations: [DirectiveLocation.FRAGMENT_SPREAD, DirectiveLocation.INLINE_FRAGMENT],
      args: { if: { type: new GraphQLNonNull(GraphQLBoolean), defaultValue: true }, label: { type: GraphQLString } },
    })
  )
}

function streamDirective(peers: Peers): GraphQLDirective {
  const { GraphQLDirective, GraphQLString, GraphQLBoolean, GraphQLInt, GraphQLNonNull, DirectiveLocation } =
    peers.graphql
  return (
    graphql17(peers)?.GraphQLStreamDirective ??
    new GraphQLDirective({
      name: 'stream',
      description: 'Delivers the list items after the first `initialCount` ones separately.',
      locations: [DirectiveLocation.FIELD],
      args: {
        if: { type: new GraphQLNonNull(GraphQLBoolean), defaultValue: true },
        label: { type: GraphQLString },
        initialCount: { type: GraphQLInt, defaultValue: 0 },
      },
    })
  )
}

const usesIncremental = new WeakMap<DocumentNode, boolean>()

/** Whether a document has `@defer` or `@stream` anywhere (remembered per parsed document). */
export function hasIncrementalDirectives(peers: Peers, document: DocumentNode): boolean {
  let found = usesIncremental.get(document)
  if (found === undefined) {
    found = false
    peers.graphql.visit(document, {
      Directive(node) {
        if (node.name.value === 'defer' || node.name.value === 'stream') {
          found = true
          return peers.graphql.BREAK
        }
        return undefined
      },
    })
    usesIncremental.set(document, found)
  }
  return found
}

/**
 * Executes an operation; `wanted` is the incremental format the client accepts, if any.
 * graphql 17 produces both formats itself; on graphql 16, `@graphql-tools/executor` produces
 * the `deferSpec=20220824` format, converted to `incrementalSpec=v0.2` when that is wanted
 * (after the whole result is computed). A client that accepts neither gets one complete result.
 * Where the whole result is read before answering, the client leaving (`clientSignal`) stops
 * the reading and closes the executor's streams.
 */
export async function executeOperation(
  peers: Peers,
  args: ExecutionArgs,
  wanted: IncrementalFormat | undefined,
  clientSignal?: AbortSignal,
): Promise<Execution> {
  const v17 = graphql17(peers)
  if (v17 !== undefined) {
    if (wanted === 'incrementalSpec=v0.2') return incremental(await v17.experimentalExecuteIncrementally(args), wanted)
    const executed = await v17.legacyExecuteIncrementally(args)
    if (wanted === undefined && isIncremental(executed)) {
      return {
        kind: 'single',
        result: assembleLegacy(
          await readAll(executed.initialResult, executed.subsequentResults, clientSignal),
        ) as ExecutionResult,
      }
    }
    return incremental(executed, 'deferSpec=20220824')
  }
  if (wanted === undefined || !hasIncrementalDirectives(peers, args.document))
    return { kind: 'single', result: await peers.graphql.execute(args) }
  const execute = await loadToolsExecutor()
  if (execute === undefined) return { kind: 'single', result: await peers.graphql.execute(args) }
  const executed = await execute(args)
  if (wanted === 'deferSpec=20220824' || !isIncremental(executed)) return incremental(executed, wanted)
  const [initial, ...subsequent] = legacyToV02(
    await readAll(executed.initialResult, executed.subsequentResults, clientSignal),
  )
  return { kind: 'incremental', format: wanted, initial, subsequent }
}

/** The initial payload and the later ones, all of them, or those that came before the client left. */
async function readAll<P>(
  initial: P,
  subsequent: AsyncIterable<P>,
  clientSignal = new AbortController().signal,
): Promise<P[]> {
  const payloads = [initial]
  await iterateUntil(subsequent, clientSignal, (payload) => void payloads.push(payload))
  return payloads
}

function incremental<P extends IncrementalPayload>(executed: Executed<P>, format: IncrementalFormat): Execution {
  if (!isIncremental(executed)) return { kind: 'single', result: executed }
  return { kind: 'incremental', format, initial: executed.initialResult, subsequent: executed.subsequentResults }
}

const TOOLS_EXECUTOR = '@graphql-tools/executor'

/** `@graphql-tools/executor`'s execute, or undefined (with a warning, once) when it is not installed. */
async function loadToolsExecutor(): Promise<ExecuteFunction<LegacyIncrementalPayload> | undefined> {
  try {
    const module = await loadModule<{ execute: ExecuteFunction<LegacyIncrementalPayload> }>(
      TOOLS_EXECUTOR,
      { require: () => require('@graphql-tools/executor'), import: () => import('@graphql-tools/executor') },
      (value) => typeof value === 'object' && value !== null && 'execute' in value,
    )
    return module.execute
  } catch (error) {
    warnOnce(
      'mocklib.schema.incremental-executor',
      format(
        `mocklib/schema answers @defer/@stream queries with one complete result, because "${TOOLS_EXECUTOR}" could not be loaded ` +
          `(${error instanceof Error ? error.message.split('\n')[0] : String(error)}). On graphql 16 it is what delivers the parts: ` +
          `npm install -D ${TOOLS_EXECUTOR}@^2 (graphql 17 needs nothing more).`,
      ),
    )
    return undefined
  }
}
