import type { ExecutionResult, GraphQLError, GraphQLSchema } from 'graphql'
import type { IMockStore } from '@graphql-tools/mock'
import { executionContext } from './execution-context'
import type { Peers } from './load-peers'
import { isRealmError, schemaMessages } from './messages'
import { prepareOperation } from './prepare-operation'
import type { SchemaOverrides, SchemaRequestInfo } from './types'
import type { ValidatedDocuments } from './validated-documents'

/** What subscribing needs of the built executor. */
export interface SubscribeState {
  peers: Peers
  schema: GraphQLSchema
  store: IMockStore
  cache: ValidatedDocuments
}

/**
 * How a subscription starts, whatever carries it:
 * - `rejected`: the request cannot run (syntax, validation, operation selection); a transport
 *   reports these as its error (graphql-transport-ws: an `error` message);
 * - `results`: the results to send, in order, then the end. A subscription's results come one per
 *   event; a subscription that cannot start (variables that do not coerce, a subscriber that
 *   throws) and a query or mutation give one result, as graphql-ws's server sends them.
 */
export type SubscribeOutcome =
  | { readonly kind: 'rejected'; readonly errors: readonly GraphQLError[] }
  | { readonly kind: 'results'; readonly results: AsyncIterator<ExecutionResult> & AsyncIterable<ExecutionResult> }

/** Starts one operation sent as a subscription, with graphql-js `subscribe` against the executor's schema. */
export async function subscribeOperation(
  state: SubscribeState,
  input: SchemaRequestInfo,
  layers: readonly SchemaOverrides[],
): Promise<SubscribeOutcome> {
  const prepared = prepareOperation(state.peers, state.cache, input)
  if (prepared.kind === 'request-error') return { kind: 'rejected', errors: prepared.errors }
  const { document, operation, operationName, variables } = prepared
  const args = {
    schema: state.schema,
    document,
    variableValues: variables,
    operationName,
    contextValue: executionContext(state.store, input, variables, layers),
  }
  let outcome: ExecutionResult | AsyncIterable<ExecutionResult>
  try {
    outcome =
      operation.operation === 'subscription'
        ? await state.peers.graphql.subscribe(args)
        : await state.peers.graphql.execute(args)
  } catch (error) {
    if (isRealmError(error)) {
      // eslint-disable-next-line mocklib/coded-argument-errors -- two copies of graphql installed, not an argument
      throw new Error(schemaMessages.twoGraphQLCopies('found while subscribing'), { cause: error })
    }
    throw error
  }
  return { kind: 'results', results: Symbol.asyncIterator in outcome ? toIterator(outcome) : single(outcome) }
}

function toIterator(
  results: AsyncIterable<ExecutionResult>,
): AsyncIterator<ExecutionResult> & AsyncIterable<ExecutionResult> {
  const iterator = results[Symbol.asyncIterator]()
  return Symbol.asyncIterator in iterator ? (iterator as AsyncIterableIterator<ExecutionResult>) : wrap(iterator)
}

function wrap(iterator: AsyncIterator<ExecutionResult>): AsyncIterableIterator<ExecutionResult> {
  return {
    next: () => iterator.next(),
    return: async () => (await iterator.return?.()) ?? { value: undefined, done: true },
    [Symbol.asyncIterator]() {
      return this
    },
  }
}

async function* single(result: ExecutionResult): AsyncGenerator<ExecutionResult> {
  yield result
}
