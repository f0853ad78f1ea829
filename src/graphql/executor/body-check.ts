import type { GraphQLAbstractType, GraphQLOutputType, GraphQLResolveInfo, GraphQLSchema } from 'graphql'
import { describeValue } from '../../runtime/messages'
import type { ValidatedDocuments } from './validated-documents'
import { kBodyCheck, type CheckResolvers } from './field-dispatch'
import { executeOperation } from './incremental-execution'
import type { Peers } from './load-peers'
import type { BodyProblem, BodyProblemKind } from '../../runtime/body-mismatch'

export type BodyCheckResult =
  | { readonly ok: true; readonly data: Record<string, unknown> | null }
  | { readonly ok: false; readonly problems: readonly BodyProblem[] }

export interface BodyCheckInput {
  query: string
  variables?: object | null
  operationName?: string | null
}

/**
 * Runs a hand-written `data` object through the schema and the request's selection: the body
 * becomes the root value and every field resolver reads its key from the parent and checks it.
 * graphql-js then does what a server does: adds `__typename`, serializes scalars (ID 1 -> "1")
 * and keeps selected fields only. Problems are collected with their paths rather than read from
 * graphql-js message text, which differs between graphql 16 and 17.
 */
export async function checkBody(
  peers: Peers,
  schema: GraphQLSchema,
  cache: ValidatedDocuments,
  input: BodyCheckInput,
  data: Record<string, unknown>,
): Promise<BodyCheckResult> {
  const prepared = cache.prepare(input.query)
  if (prepared.kind !== 'valid') {
    return {
      ok: false,
      problems: prepared.errors.map((error) => ({
        kind: 'invalid-operation' as const,
        path: '',
        message: `the operation does not validate against the schema: ${error.message}`,
      })),
    }
  }
  const run = new CheckRun(peers, schema)
  // As one complete result: graphql 17 refuses plain execute() on a schema with @defer/@stream.
  const execution = await executeOperation(
    peers,
    {
      schema,
      document: prepared.document,
      rootValue: data,
      contextValue: { [kBodyCheck]: run },
      variableValues: (input.variables ?? undefined) as Record<string, unknown> | undefined,
      operationName: input.operationName || undefined,
    },
    undefined,
  )
  const result = execution.kind === 'single' ? execution.result : { data: undefined, errors: [] }
  if (!('data' in result) || result.data === undefined) {
    return {
      ok: false,
      problems: (result.errors ?? []).map((error) => ({
        kind: 'invalid-operation' as const,
        path: '',
        message: `the operation cannot run against the schema: ${error.message}`,
      })),
    }
  }
  for (const error of result.errors ?? []) {
    const path = formatPath(error.path ?? [])
    // graphql-js reports the same spot again (null propagation, failed type resolution): keep ours.
    if (!run.problems.some((problem) => problem.path === path))
      run.problems.push({ kind: 'other', path, message: error.message })
  }
  if (run.problems.length > 0) return { ok: false, problems: run.problems }
  return { ok: true, data: (result.data ?? null) as Record<string, unknown> | null }
}

/** Marks a stand-in object: a problem was reported above it, so its fields are not checked. */
const kPlaceholder = Symbol('mocklib.schema.placeholder')

/**
 * The check resolvers. After reporting a problem they return a stand-in value that fits the
 * schema, so graphql-js keeps going (a null in a non-null field would otherwise stop the whole
 * list or object) and every problem of the body is reported at once. The data of a body with
 * problems is never sent, so stand-ins never reach a client.
 */
class CheckRun implements CheckResolvers {
  readonly problems: BodyProblem[] = []

  constructor(
    private readonly peers: Peers,
    private readonly schema: GraphQLSchema,
  ) {}

  field(source: unknown, info: GraphQLResolveInfo): unknown {
    if (isPlaceholder(source)) return this.#placeholder(info.returnType)
    const key = String(info.path.key)
    const path = pathKeys(info.path)
    const fieldRef = `${info.parentType.name}.${info.fieldName}`
    if (source === null || typeof source !== 'object' || !Object.hasOwn(source, key)) {
      const alias = key === info.fieldName ? '' : ` (as "${key}")`
      this.#add(
        'missing-field',
        path,
        `missing: the query selects ${fieldRef}${alias} of type ${String(info.returnType)}`,
      )
      return this.#placeholder(info.returnType)
    }
    return this.#checkValue((source as Record<string, unknown>)[key], info.returnType, path, fieldRef)
  }

  typeName(value: unknown, abstractType: GraphQLAbstractType): string | undefined {
    // #checkValue has reported a missing or wrong __typename already, and put a stand-in there.
    const name = (value as { __typename?: unknown } | null)?.__typename
    if (typeof name !== 'string') return undefined
    return this.#possibleTypes(abstractType).includes(name) ? name : undefined
  }

  /** Reports what does not fit at `path` and returns the value to go on with. */
  #checkValue(value: unknown, type: GraphQLOutputType, path: Array<string | number>, fieldRef: string): unknown {
    const { isNonNullType, isListType, isLeafType, isObjectType, isAbstractType } = this.peers.graphql
    if (isNonNullType(type)) {
      if (value === null || value === undefined) {
        this.#add('null-in-non-null', path, `null in non-null field ${fieldRef} (${String(type)})`)
        return this.#placeholder(type.ofType)
      }
      return this.#checkValue(value, type.ofType, path, fieldRef)
    }
    if (value === null || value === undefined) return value
    if (isListType(type)) {
      if (!Array.isArray(value)) {
        this.#add('wrong-type', path, `${fieldRef} is a list (${String(type)}), got ${describeValue(value)}`)
        return []
      }
      return value.map((item, index) => this.#checkValue(item, type.ofType, [...path, index], fieldRef))
    }
    if (isLeafType(type)) {
      let problem: string | undefined
      try {
        if (type.serialize(value) === undefined) problem = 'it serializes to nothing'
      } catch (error) {
        problem = error instanceof Error ? error.message : String(error)
      }
      if (problem === undefined) return value
      this.#add('wrong-scalar', path, `${describeValue(value)} is not a valid ${type.name} for ${fieldRef}: ${problem}`)
      return this.#placeholder(type)
    }
    if (typeof value !== 'object' || Array.isArray(value)) {
      const what = typeof path[path.length - 1] === 'number' ? 'holds objects' : 'is an object'
      this.#add('wrong-type', path, `${fieldRef} ${what} of type ${String(type)}, got ${describeValue(value)}`)
      return this.#placeholder(type)
    }
    const given = (value as { __typename?: unknown }).__typename
    if (isObjectType(type)) {
      if (given !== undefined && given !== type.name) {
        this.#add('wrong-type', path, `__typename ${describeValue(given)}, but ${fieldRef} returns ${type.name}`)
      }
      return value
    }
    if (isAbstractType(type)) {
      const possible = this.#possibleTypes(type)
      if (typeof given !== 'string') {
        const kind = this.peers.graphql.isUnionType(type) ? 'union' : 'interface'
        this.#add(
          'wrong-type',
          path,
          `${fieldRef} returns the ${type.name} ${kind}: the object needs a "__typename", one of ${possible.join(', ')}`,
        )
        return this.#placeholder(type)
      }
      if (!possible.includes(given)) {
        this.#add(
          'wrong-type',
          path,
          `__typename "${given}" is not a possible type of ${type.name} (one of ${possible.join(', ')}) at ${fieldRef}`,
        )
        return this.#placeholder(type)
      }
    }
    return value
  }

  /** A value of `type` that completes without errors (custom scalars: null, the one gap). */
  #placeholder(type: GraphQLOutputType): unknown {
    const { isNonNullType, isListType, isEnumType, isScalarType, isAbstractType } = this.peers.graphql
    if (isNonNullType(type)) return this.#placeholder(type.ofType)
    if (isListType(type)) return []
    if (isEnumType(type)) return type.getValues()[0]?.value ?? null
    if (isScalarType(type)) return SCALAR_PLACEHOLDERS[type.name] ?? null
    if (isAbstractType(type)) return { [kPlaceholder]: true, __typename: this.#possibleTypes(type)[0] }
    return { [kPlaceholder]: true }
  }

  #possibleTypes(type: GraphQLAbstractType): string[] {
    return this.schema.getPossibleTypes(type).map((possible) => possible.name)
  }

  #add(kind: BodyProblemKind, path: ReadonlyArray<string | number>, message: string): void {
    this.problems.push({ kind, path: formatPath(path), message })
  }
}

const SCALAR_PLACEHOLDERS: Record<string, unknown> = { String: '', ID: '', Int: 0, Float: 0, Boolean: false }

function isPlaceholder(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { [kPlaceholder]?: boolean })[kPlaceholder] === true
}

function pathKeys(path: GraphQLResolveInfo['path']): Array<string | number> {
  const keys: Array<string | number> = []
  for (let node: GraphQLResolveInfo['path'] | undefined = path; node !== undefined; node = node.prev)
    keys.unshift(node.key)
  return keys
}

/** `posts[1].title`: dots between fields, brackets for list positions. */
export function formatPath(keys: ReadonlyArray<string | number>): string {
  let text = ''
  for (const key of keys) {
    if (typeof key === 'number') text += `[${key}]`
    else text += text === '' ? key : `.${key}`
  }
  return text
}
