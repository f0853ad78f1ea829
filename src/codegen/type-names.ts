import { codegenMessages } from './messages'
import type { MocklibCodegenConfig } from './config'

/** The names typescript-operations gives an operation's result and variables types. */
export interface OperationTypeNames {
  result: string
  variables: string
}

export type NameOperationTypes = (operationName: string, operationType: string) => OperationTypeNames

type ConvertFn = (node: string, options?: { suffix?: string; prefix?: string }) => string
interface NamingHelper {
  convertFactory(config: { namingConvention?: unknown }): ConvertFn
}

const HELPER = '@graphql-codegen/visitor-plugin-common'

/**
 * Names types exactly as typescript-operations does (same naming convention, prefix, suffix and
 * operation-suffix options), using the helper it uses, resolved from the project codegen runs in.
 * Loaded when the plugin runs, not when its module loads: the codegen CLI reports a module that
 * fails to load as "plugin not found". Loaded synchronously: the CLI orders the imports of a file
 * by the order in which its plugins finish, so a plugin that awaits would move them about.
 */
export function createTypeNamer(config: MocklibCodegenConfig): NameOperationTypes {
  let helper: NamingHelper
  try {
    const { createRequire } = process.getBuiltinModule('node:module')
    helper = createRequire(`${process.cwd()}/`)(HELPER) as NamingHelper
  } catch (error) {
    // eslint-disable-next-line mocklib/coded-argument-errors -- a missing peer package, not an argument
    throw new Error(codegenMessages.missingNamingHelper(error instanceof Error ? error.message : String(error)))
  }
  const convert = helper.convertFactory({ namingConvention: config.namingConvention })
  const typesPrefix = config.typesPrefix ?? ''
  const typesSuffix = config.typesSuffix ?? ''
  const resultSuffix = config.operationResultSuffix ?? ''

  return (operationName, operationType) => {
    const pascalType = operationType[0].toUpperCase() + operationType.slice(1)
    const operationSuffix = config.omitOperationSuffix
      ? ''
      : config.dedupeOperationSuffix && operationName.toLowerCase().endsWith(operationType.toLowerCase())
        ? ''
        : pascalType
    const name = (suffix: string) => typesPrefix + convert(operationName, { suffix }) + typesSuffix
    return { result: name(operationSuffix + resultSuffix), variables: name(`${operationSuffix}Variables`) }
  }
}
