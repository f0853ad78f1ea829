import type { GraphQLOperationType } from '../graphql/types'
import { codegenMessages } from './messages'

/** A document file as GraphQL Code Generator passes it to plugins (the parts used here). */
export interface CodegenDocumentFile {
  document?: { readonly definitions: ReadonlyArray<CodegenDefinition> }
  location?: string
}

/** One definition of a document, as far as the plugin reads it. */
export interface CodegenDefinition {
  readonly kind: string
  readonly operation?: string
  readonly name?: { readonly value: string }
  readonly variableDefinitions?: ReadonlyArray<{ readonly variable: { readonly name: { readonly value: string } } }>
  readonly selectionSet?: {
    readonly selections: ReadonlyArray<{
      readonly kind: string
      readonly name?: { readonly value: string }
      readonly alias?: { readonly value: string }
    }>
  }
}

export interface CollectedOperation {
  name: string
  type: GraphQLOperationType
  /** Variable names, for the generated comment. */
  variables: string[]
  /** Top-level response keys (aliases or field names), for the generated comment. */
  rootFields: string[]
}

export interface CollectedOperations {
  operations: CollectedOperation[]
  /** Comments for operations the output leaves out, and why. */
  skipped: string[]
}

/** The named operations of all documents, in document order; anonymous ones are skipped with a reason. */
export function collectOperations(documents: readonly CodegenDocumentFile[]): CollectedOperations {
  const operations: CollectedOperation[] = []
  const skipped: string[] = []
  const seen = new Set<string>()
  for (const file of documents) {
    for (const definition of file.document?.definitions ?? []) {
      if (definition.kind !== 'OperationDefinition') continue
      const type = definition.operation as GraphQLOperationType
      const name = definition.name?.value
      if (name === undefined) {
        skipped.push(
          codegenMessages.skippedAnonymous(
            type,
            file.location === undefined ? '' : ` in ${displayPath(file.location)}`,
          ),
        )
        continue
      }
      if (seen.has(name)) {
        skipped.push(codegenMessages.skippedDuplicate(type, name))
        continue
      }
      seen.add(name)
      operations.push({
        name,
        type,
        variables: (definition.variableDefinitions ?? []).map((v) => v.variable.name.value),
        rootFields: (definition.selectionSet?.selections ?? []).flatMap((s) =>
          s.kind === 'Field' && s.name !== undefined ? [s.alias?.value ?? s.name.value] : [],
        ),
      })
    }
  }
  return { operations, skipped }
}

/**
 * A document path relative to the working directory, so generated files are the same on every
 * machine. (No node:path: the plugin's bundle then needs nothing from the rest of mocklib.)
 */
function displayPath(location: string): string {
  const slashed = (path: string) => path.split('\\').join('/')
  const cwd = `${slashed(process.cwd()).replace(/\/$/, '')}/`
  const path = slashed(location)
  return path.startsWith(cwd) ? path.slice(cwd.length) : path
}
