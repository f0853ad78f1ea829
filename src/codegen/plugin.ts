import { MocklibTypeError } from '../runtime/errors'
import { collectOperations, type CodegenDocumentFile } from './collect-operations'
import { normalizeConfig, type MocklibCodegenConfig } from './config'
import { codegenMessages } from './messages'
import { renderOutput } from './render'
import { createTypeNamer } from './type-names'

/** What GraphQL Code Generator tells a plugin about the file it writes (the part used here). */
export interface CodegenPluginInfo {
  outputFile?: string
}

/**
 * The GraphQL Code Generator plugin: per named query and mutation, a typed handler factory
 * (`mockListPostsQuery(resolver, options)`), optionally scoped to links, and the operation map
 * type. The result and variables types come from typescript-operations, in the same file or
 * imported from `importOperationTypesFrom`.
 */
export function plugin(
  _schema: unknown,
  documents: CodegenDocumentFile[],
  config: MocklibCodegenConfig,
  info?: CodegenPluginInfo,
): { prepend: string[]; content: string } {
  const normalized = normalizeConfig(config)
  const nameTypes = createTypeNamer(config)
  const registryKey = (info?.outputFile ?? 'mocklib-codegen').split('\\').join('/')
  return renderOutput(collectOperations(documents), normalized, nameTypes, registryKey)
}

/** Checked by GraphQL Code Generator before generating: the output is TypeScript, the options make sense. */
export function validate(
  _schema: unknown,
  _documents: CodegenDocumentFile[],
  config: MocklibCodegenConfig,
  outputFile: string,
): void {
  if (!/\.(?:ts|mts|cts|tsx)$/.test(outputFile))
    throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', codegenMessages.badExtension(outputFile))
  normalizeConfig(config)
}
