#!/usr/bin/env node
// Writes dist/ts4.8/: the declaration files of dist/ rewritten for TypeScript 4.8 to 5.3, which
// package.json points those compilers at ("types@<5.4" export conditions, and "typesVersions"
// for moduleResolution node10). What they do not understand is rewritten:
//   - `NoInfer<T>` (5.4) gets a local stand-in with the same effect on inference;
//   - `override` is dropped (4.8's DOM lib lacks some members mocklib's classes override);
//   - `const` type parameters (5.0) become plain type parameters;
//   - `accessor` fields (4.9) become plain properties.
// Run after tsdown (npm run build does); the packaging suite compiles a consumer with 4.8.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

export const LEGACY_TYPES_DIR = 'ts4.8'
const dist = fileURLToPath(new URL('../dist/', import.meta.url))

// Deferring T through an indexed access keeps it out of inference, as NoInfer does.
const NO_INFER = 'type NoInfer<T> = [T][T extends any ? 0 : never];\n'
const DROPPED_MODIFIERS = new Set([ts.SyntaxKind.OverrideKeyword, ts.SyntaxKind.AccessorKeyword])

/** The text ranges to delete from a declaration file, and whether it uses NoInfer. */
function findRewrites(source) {
  const deletions = []
  let usesNoInfer = false
  const visit = (node) => {
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && node.typeName.text === 'NoInfer')
      usesNoInfer = true
    for (const modifier of ts.canHaveModifiers(node) ? (ts.getModifiers(node) ?? []) : []) {
      const constTypeParameter = ts.isTypeParameterDeclaration(node) && modifier.kind === ts.SyntaxKind.ConstKeyword
      if (DROPPED_MODIFIERS.has(modifier.kind) || constTypeParameter)
        deletions.push([modifier.getStart(source), modifier.getEnd()])
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return { deletions, usesNoInfer }
}

/** One declaration file's text, rewritten for TypeScript 4.8. */
export function downlevelDeclarations(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true)
  const { deletions, usesNoInfer } = findRewrites(source)
  let result = text
  for (const [start, end] of deletions.sort((a, b) => b[0] - a[0])) {
    const after = result[end] === ' ' ? end + 1 : end
    result = result.slice(0, start) + result.slice(after)
  }
  if (usesNoInfer) result = `${NO_INFER}${result}`
  return result
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = join(dist, LEGACY_TYPES_DIR)
  // dist/ and its subfolders (dist/core/), except the output itself.
  const files = readdirSync(dist, { recursive: true }).filter(
    (file) => /\.d\.c?ts$/.test(file) && !file.startsWith(`${LEGACY_TYPES_DIR}${sep}`),
  )
  for (const file of files) {
    mkdirSync(dirname(join(out, file)), { recursive: true })
    writeFileSync(join(out, file), downlevelDeclarations(file, readFileSync(join(dist, file), 'utf8')))
  }
  console.log(`${out}: ${files.length} declaration files for TypeScript 4.8 to 5.3`)
}
