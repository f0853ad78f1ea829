import { describeValue, errorText, format } from '../../runtime/messages'

/** Packages `mocklib/schema` loads on first use, with what each is for. */
export const PEER_PACKAGES = ['graphql', '@graphql-tools/schema', '@graphql-tools/mock'] as const
export type PeerPackage = (typeof PEER_PACKAGES)[number]

const INSTALL = 'npm install -D @graphql-tools/schema @graphql-tools/mock'

/** Every message of the schema executor and the body checks, worded in one place. */
export const schemaMessages = {
  missingPeer(name: PeerPackage, cause: unknown): string {
    return format(
      `mocklib/schema needs the "${name}" package, and it could not be loaded (${errorText(cause).split('\n')[0]}). ` +
        `Install it next to mocklib: ${name === 'graphql' ? 'npm install -D graphql' : INSTALL}. The core 'mocklib' entry does not need it.`,
    )
  },
  noSchemaSource(given: string[]): string {
    return format(
      given.length === 0
        ? 'createSchemaExecutor() needs a schema: pass one of { typeDefs: sdlText }, { schemaFiles: "schema/" } or { schema: graphQLSchema }.'
        : `createSchemaExecutor() received ${given.map((key) => `"${key}"`).join(' and ')}; pass exactly one schema source (typeDefs, schemaFiles or schema).`,
    )
  },
  badOption(option: string, value: unknown, expected: string): string {
    return format(`createSchemaExecutor(): option "${option}" got ${describeValue(value)}; expected ${expected}.`)
  },
  noSchemaFiles(paths: string[]): string {
    return format(
      `createSchemaExecutor(): no .graphql, .graphqls or .gql file found in ${paths.map((p) => `"${p}"`).join(', ')}. ` +
        'Point schemaFiles at SDL files or at a folder that holds them (relative paths start at the current working directory).',
    )
  },
  unreadableSchemaFile(path: string, cause: unknown): string {
    return format(`createSchemaExecutor(): cannot read the schema file "${path}" (${errorText(cause)}).`)
  },
  filesNeedNode(): string {
    return format(
      'createSchemaExecutor(): schemaFiles reads files and works in Node only. In a browser, import the SDL as text and pass { typeDefs }.',
    )
  },
  invalidSchema(cause: unknown): string {
    return format(`createSchemaExecutor(): the schema could not be built: ${errorText(cause)}`)
  },
  /** The dual-package ("another module or realm") problem, explained with fixes. */
  twoGraphQLCopies(detail: string): string {
    return format(
      `Two copies of the "graphql" package are loaded (${detail}). graphql-js refuses objects made by another copy ` +
        '("Cannot use GraphQLSchema ... from another module or realm"). It happens when a test runner or bundler loads graphql ' +
        'once as ESM and once as CommonJS, or when two versions are installed. Fix it by making one copy: ' +
        'run `npm ls graphql` and dedupe to one version; in Vitest (graphql 16 has no exports map, and Vite picks its .mjs file where Node picks index.js) ' +
        'add `resolve: { alias: [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve("graphql") }] }`; ' +
        'in Jest map it to one file with moduleNameMapper { "^graphql$": require.resolve("graphql") }; ' +
        'or pass the schema as SDL ({ typeDefs } or { schemaFiles }) instead of a GraphQLSchema object.',
    )
  },
  notReady(): string {
    return format(
      'The schema executor is still loading its schema. Await executor.ready() once (for example in beforeAll) before reading executor.store or executor.schema.',
    )
  },
  queryNotString(value: unknown): string {
    return `The GraphQL request has no query text (got ${describeValue(value)}). Send { "query": "..." }.`
  },
  variablesNotObject(value: unknown): string {
    return `The GraphQL request's "variables" must be an object, got ${describeValue(value)}.`
  },
  unknownOperation(name: string): string {
    return `The document has no operation named "${name}".`
  },
  ambiguousOperation(): string {
    return 'The document has several operations: send "operationName" to choose one.'
  },
  noOperation(): string {
    return 'The document has no operation to execute.'
  },
  mutationOverGet(type: string): string {
    return `A ${type} cannot be sent with GET (GraphQL over HTTP); send it with POST.`
  },
  overrideNotObject(value: unknown): string {
    return format(
      `executor.override() needs a map like { Query: { posts: () => [] }, Post: { title: "Fixed" } }, got ${describeValue(value)}.`,
    )
  },
  overrideUnknownType(typeName: string, known: string[]): string {
    return format(
      `executor.override(): the schema has no object type "${typeName}". Known types: ${known.slice(0, 12).join(', ')}${known.length > 12 ? ', ...' : ''}.`,
    )
  },
  overrideUnknownField(typeName: string, fieldName: string): string {
    return format(`executor.override(): type "${typeName}" has no field "${fieldName}" in the schema.`)
  },
  checkNeedsHandler(value: unknown): string {
    return format(
      `executor.check() needs a GraphQL request handler (graphql.query(), graphql.mutation(), graphql.operation() ...), got ${describeValue(value)}.`,
    )
  },
  checkNotGraphQL(header: string, kind: string): string {
    return format(
      `executor.check() wraps GraphQL handlers only; "${header}" is a "${kind}" handler. Use checkAll() on a mixed list: it leaves other handlers as they are.`,
    )
  },
  subscriberNotIterable(field: string, value: unknown): string {
    return `The subscribe resolver of ${field} returned ${describeValue(value)}; it must return an async iterable (an async generator, for example) of events.`
  },
  publishUnknownField(field: unknown, known: readonly string[]): string {
    return format(
      known.length === 0
        ? `executor.publish(${describeValue(field)}, payload): the schema has no Subscription type. Add one (type Subscription { postAdded: Post! }) to publish events.`
        : `executor.publish(${describeValue(field)}, payload): the Subscription type has no such field. Its fields: ${known.join(', ')}.`,
    )
  },
  badCheckMode(value: unknown): string {
    return format(`Unknown body check mode ${describeValue(value)}. Use 'strict', 'warn' or 'off'.`)
  },
} as const

/** True when an error is graphql-js refusing an object made by another copy of itself. */
export function isRealmError(error: unknown): boolean {
  return error instanceof Error && /another module or realm/i.test(error.message)
}
