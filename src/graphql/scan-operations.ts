import type { OperationInfo } from './document-cache'

/**
 * Finds the operations of a document text (their type and name) without graphql-js, so a
 * handler defined with a `TypedDocumentString` checks its operation synchronously at
 * definition and `mocklib` needs no `graphql` until a request arrives. It reads only the
 * top level: comments, strings and everything between braces are skipped. Syntax errors
 * are the real parser's business, when a request is read.
 */
export function scanOperations(text: string): OperationInfo[] {
  const operations: OperationInfo[] = []
  let depth = 0
  let index = 0
  /** The operation keyword seen at the top level, waiting for its name. */
  let pending: OperationInfo['type'] | undefined
  /** At the top level: true when the next token starts a new definition. */
  let atDefinitionStart = true

  while (index < text.length) {
    const char = text[index]
    if (char === '#') {
      while (index < text.length && text[index] !== '\n' && text[index] !== '\r') index++
      continue
    }
    if (char === '"') {
      index = skipString(text, index)
      continue
    }
    if (char === '{') {
      if (depth === 0) {
        // `{ ... }` alone is an anonymous query; `query {` an anonymous operation.
        if (pending !== undefined) operations.push({ name: undefined, type: pending })
        else if (atDefinitionStart) operations.push({ name: undefined, type: 'query' })
        pending = undefined
      }
      depth++
      index++
      continue
    }
    if (char === '}') {
      depth = Math.max(0, depth - 1)
      if (depth === 0) atDefinitionStart = true
      index++
      continue
    }
    if (depth > 0) {
      index++
      continue
    }
    if (/[A-Za-z_]/.test(char)) {
      const start = index
      while (index < text.length && /[A-Za-z0-9_]/.test(text[index])) index++
      const word = text.slice(start, index)
      if (pending !== undefined) {
        operations.push({ name: word, type: pending })
        pending = undefined
      } else if (atDefinitionStart && (word === 'query' || word === 'mutation' || word === 'subscription')) {
        pending = word
      }
      atDefinitionStart = false
      continue
    }
    if (char === '(') {
      // `query ($id: ID)`: an anonymous operation with variables.
      if (pending !== undefined) operations.push({ name: undefined, type: pending })
      pending = undefined
      atDefinitionStart = false
      index = skipParentheses(text, index)
      continue
    }
    if (!/\s|,/.test(char)) atDefinitionStart = false
    index++
  }
  return operations
}

function skipString(text: string, start: number): number {
  if (text.startsWith('"""', start)) {
    const end = text.indexOf('"""', start + 3)
    return end === -1 ? text.length : end + 3
  }
  let index = start + 1
  while (index < text.length && text[index] !== '"' && text[index] !== '\n') {
    index += text[index] === '\\' ? 2 : 1
  }
  return index + 1
}

/** Skips a variable list, whose default values may hold braces and strings. */
function skipParentheses(text: string, start: number): number {
  let depth = 0
  let index = start
  while (index < text.length) {
    const char = text[index]
    if (char === '"') {
      index = skipString(text, index)
      continue
    }
    if (char === '#') {
      while (index < text.length && text[index] !== '\n') index++
      continue
    }
    if (char === '(') depth++
    else if (char === ')' && --depth === 0) return index + 1
    index++
  }
  return index
}
