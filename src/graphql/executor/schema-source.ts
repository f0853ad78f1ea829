import { MocklibTypeError } from '../../runtime/errors'
import type { GraphQLSchema } from 'graphql'
import { isUrl } from '../../runtime/is-url'
import { loadFileSystem } from '../../runtime/load-file-system'
import type { Peers } from './load-peers'
import { errorText } from '../../runtime/messages'
import { isRealmError, schemaMessages } from './messages'

/** Where the schema comes from: exactly one of these. */
export interface SchemaSource {
  /** SDL text, or several SDL texts merged (`extend type` works across them). */
  typeDefs?: string | readonly string[]
  /**
   * SDL files, or folders whose `.graphql`, `.graphqls` and `.gql` files are all read (sorted by
   * name). Relative paths start at the current working directory. Node only.
   */
  schemaFiles?: string | URL | readonly (string | URL)[]
  /** A built schema. Its own resolvers are kept; mocks fill in the rest. */
  schema?: GraphQLSchema
}

const SOURCE_KEYS = ['typeDefs', 'schemaFiles', 'schema'] as const
const SDL_FILE = /\.(graphql|graphqls|gql)$/i

/** Checks at creation time that exactly one source was given, so mistakes fail early. */
export function assertOneSource(source: SchemaSource): void {
  const given = SOURCE_KEYS.filter((key) => source[key] !== undefined)
  if (given.length !== 1) throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', schemaMessages.noSchemaSource(given))
}

/** Builds the schema the executor starts from (before mocks and overrides are layered on). */
export async function buildBaseSchema(peers: Peers, source: SchemaSource): Promise<GraphQLSchema> {
  if (source.schema !== undefined) return adoptSchema(peers, source.schema)
  const typeDefs =
    source.typeDefs !== undefined
      ? typeof source.typeDefs === 'string'
        ? [source.typeDefs]
        : [...source.typeDefs]
      : await readSchemaFiles(source.schemaFiles!)
  try {
    return peers.schema.makeExecutableSchema({ typeDefs })
  } catch (error) {
    if (isRealmError(error)) {
      // eslint-disable-next-line mocklib/coded-argument-errors -- two copies of graphql installed, not an argument
      throw new Error(schemaMessages.twoGraphQLCopies('@graphql-tools/schema and mocklib'), { cause: error })
    }
    throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', schemaMessages.invalidSchema(error), { cause: error })
  }
}

/** A schema object made by another copy of graphql is caught here, with the fix spelled out. */
function adoptSchema(peers: Peers, schema: GraphQLSchema): GraphQLSchema {
  if (schema instanceof peers.graphql.GraphQLSchema) return schema
  const looksLikeSchema =
    typeof schema === 'object' &&
    schema !== null &&
    typeof (schema as { getTypeMap?: unknown }).getTypeMap === 'function' &&
    typeof (schema as { getQueryType?: unknown }).getQueryType === 'function'
  if (looksLikeSchema) {
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      schemaMessages.twoGraphQLCopies('the schema you passed was built by one copy, mocklib/schema loaded another'),
    )
  }
  throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', schemaMessages.badOption('schema', schema, 'a GraphQLSchema'))
}

async function readSchemaFiles(input: NonNullable<SchemaSource['schemaFiles']>): Promise<string[]> {
  let system
  try {
    system = await loadFileSystem()
  } catch {
    // eslint-disable-next-line mocklib/coded-argument-errors -- the platform has no file system, not an argument
    throw new Error(schemaMessages.filesNeedNode())
  }
  const { fs, path, url } = system
  const entries = (typeof input === 'string' || isUrl(input) ? [input] : [...input]).map((entry) =>
    isUrl(entry) ? url.fileURLToPath(entry) : path.resolve(entry),
  )
  const files: string[] = []
  for (const entry of entries) {
    let stats
    try {
      stats = await fs.stat(entry)
    } catch (error) {
      // eslint-disable-next-line mocklib/coded-argument-errors -- a file that cannot be read, not an argument
      throw new Error(schemaMessages.unreadableSchemaFile(entry, errorText(error)), { cause: error })
    }
    if (stats.isDirectory()) {
      const names = (await fs.readdir(entry)).filter((name) => SDL_FILE.test(name)).sort()
      files.push(...names.map((name) => path.join(entry, name)))
    } else {
      files.push(entry)
    }
  }
  if (files.length === 0) throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', schemaMessages.noSchemaFiles(entries))
  return Promise.all(
    files.map(async (file) => {
      try {
        return await fs.readFile(file, 'utf8')
      } catch (error) {
        // eslint-disable-next-line mocklib/coded-argument-errors -- a file that cannot be read, not an argument
        throw new Error(schemaMessages.unreadableSchemaFile(file, error), { cause: error })
      }
    }),
  )
}
