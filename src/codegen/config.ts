import { MocklibTypeError } from '../runtime/errors'
import { codegenMessages } from './messages'

/** A `graphql.link(endpoint)` the generated factories can be scoped to. */
export interface MocklibCodegenLink {
  /** The exported constant holding the link, e.g. `postsApi`. */
  name: string
  /** The endpoint, as `graphql.link()` takes it: an absolute URL, a path or a wildcard pattern. */
  endpoint: string
  /**
   * Append the link's name to its factories (`mockListPostsQueryPostsApi`). Default true;
   * false is allowed for one link when no unscoped factories are generated.
   */
  withSuffix?: boolean
}

/** The options of the mocklib GraphQL Code Generator plugin (`plugins: ['mocklib/codegen']`). */
export interface MocklibCodegenConfig {
  /**
   * Where the operation types (typescript-operations output) come from. Leave it out when
   * they are generated into the same file; set it (e.g. `'./graphql'`) for a separate file.
   */
  importOperationTypesFrom?: string
  /** Links to scope factories to; each gets an exported, typed link and its own factories. */
  links?: MocklibCodegenLink[]
  /** Generate unscoped factories (any endpoint). Default: true without links, false with links. */
  unscoped?: boolean
  /** The name of the operation map type. Default `'Operations'`. */
  operationMapName?: string
  /** The prefix of factory names. Default `'mock'`. */
  factoryPrefix?: string
  /**
   * Register the operation map with mocklib's types (`declare module 'mocklib'`), so that a
   * mutation document given to `graphql.query()` is a type error. Default true.
   */
  registerOperations?: boolean
  // Naming options shared with typescript-operations: the plugin names types the same way.
  namingConvention?: unknown
  typesPrefix?: string
  typesSuffix?: string
  omitOperationSuffix?: boolean
  dedupeOperationSuffix?: boolean
  operationResultSuffix?: string
}

export interface NormalizedLink {
  name: string
  endpoint: string
  /** Appended to factory names ('' for none). */
  suffix: string
}

export interface NormalizedConfig {
  importOperationTypesFrom: string | undefined
  links: NormalizedLink[]
  unscoped: boolean
  operationMapName: string
  factoryPrefix: string
  registerOperations: boolean
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

/** Checks the options and fills in defaults; throws with the option to fix. */
export function normalizeConfig(config: MocklibCodegenConfig | undefined): NormalizedConfig {
  const raw = config ?? {}
  const links = raw.links ?? []
  if (!Array.isArray(links))
    throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', codegenMessages.linksNotArray(links))
  const operationMapName = raw.operationMapName ?? 'Operations'
  if (!IDENTIFIER.test(operationMapName))
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      codegenMessages.badIdentifier('operationMapName', operationMapName),
    )
  const factoryPrefix = raw.factoryPrefix ?? 'mock'
  if (factoryPrefix !== '' && !IDENTIFIER.test(factoryPrefix))
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      codegenMessages.badIdentifier('factoryPrefix', factoryPrefix),
    )
  const unscoped = raw.unscoped ?? links.length === 0

  const normalized = links.map((link, index): NormalizedLink => {
    if (typeof link !== 'object' || link === null)
      throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', codegenMessages.badLink(index, link))
    if (typeof link.name !== 'string' || !IDENTIFIER.test(link.name))
      throw new MocklibTypeError(
        'MOCKLIB_INVALID_ARGUMENT',
        codegenMessages.badIdentifier(`links[${index}].name`, link.name),
      )
    if (typeof link.endpoint !== 'string' || link.endpoint.trim() === '')
      throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', codegenMessages.badEndpoint(link.name))
    const suffix = link.withSuffix === false ? '' : link.name[0].toUpperCase() + link.name.slice(1)
    return { name: link.name, endpoint: link.endpoint, suffix }
  })

  // Two sets of factories with the same names would not compile: say which option to change.
  const suffixes = new Map<string, string>()
  if (unscoped) suffixes.set('', 'the unscoped factories')
  for (const link of normalized) {
    const taken = suffixes.get(link.suffix)
    if (taken !== undefined)
      throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', codegenMessages.clashingFactories(link.name, taken))
    suffixes.set(link.suffix, `link "${link.name}"`)
  }
  if (!unscoped && normalized.length === 0)
    throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', codegenMessages.nothingToGenerate())

  return {
    importOperationTypesFrom: raw.importOperationTypesFrom,
    links: normalized,
    unscoped,
    operationMapName,
    factoryPrefix,
    registerOperations: raw.registerOperations ?? true,
  }
}
