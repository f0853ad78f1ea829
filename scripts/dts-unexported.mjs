// Finds the names a published declaration refers to but no entry point exports: a user who
// sees such a name in a signature (hover, error message) cannot import it to annotate their own
// code. Reads the built dist/*.d.ts with the TypeScript compiler API.
import { createRequire } from 'node:module'
import { join, relative } from 'node:path'

const require = createRequire(import.meta.url)
const ts = require('typescript')

/**
 * `entries`: the .d.ts files users import (absolute paths). Returns one line per unexported
 * name: where it is referenced from and where it is declared.
 */
export function unexportedReferences(entries, distDir) {
  const program = ts.createProgram(entries, { noEmit: true, strict: true, skipLibCheck: true, types: [] })
  const checker = program.getTypeChecker()
  const inDist = (node) => !relative(distDir, node.getSourceFile().fileName).startsWith('..')
  const resolve = (symbol) => (symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol)

  const exported = new Set()
  for (const entry of entries) {
    const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(entry))
    for (const symbol of checker.getExportsOfModule(moduleSymbol)) exported.add(resolve(symbol))
  }

  const problems = new Map()
  const visited = new Set()
  const queue = [...exported]
  while (queue.length > 0) {
    const symbol = queue.pop()
    if (visited.has(symbol)) continue
    visited.add(symbol)
    for (const declaration of symbol.declarations ?? []) {
      if (!inDist(declaration)) continue
      for (const target of references(declaration, checker, resolve)) {
        if (!(target.declarations ?? []).some(inDist)) continue
        if (!exported.has(target) && isTypeFunction(target)) continue
        if (!exported.has(target)) {
          const where = `${symbol.getName()} (${relative(distDir, declaration.getSourceFile().fileName)})`
          problems.set(
            target.getName(),
            `${target.getName()}: referenced by ${where}, declared in ${relative(distDir, target.declarations[0].getSourceFile().fileName)}`,
          )
        }
        queue.push(target)
      }
    }
  }
  return [...problems.values()].sort()
}

/**
 * The named types a declaration refers to, skipping private members, type parameters and the
 * patterns of conditional types.
 */
function references(declaration, checker, resolve) {
  const found = []
  const visit = (node) => {
    if (isPrivateMember(node)) return
    // `class X implements Shape`: the class declares every member itself; users need not name Shape.
    if (ts.isHeritageClause(node) && node.token === ts.SyntaxKind.ImplementsKeyword) return
    // `Shape['member']`: users see the member's type, not the shape that holds it.
    if (ts.isIndexedAccessTypeNode(node) && ts.isLiteralTypeNode(node.indexType)) return
    // `T extends Pattern ? A : B`: the pattern is matched, never shown; only A and B can be.
    if (ts.isConditionalTypeNode(node)) {
      visit(node.trueType)
      visit(node.falseType)
      return
    }
    const name = ts.isTypeReferenceNode(node)
      ? node.typeName
      : ts.isExpressionWithTypeArguments(node)
        ? node.expression
        : ts.isTypeQueryNode(node)
          ? node.exprName
          : undefined
    if (name !== undefined) {
      const symbol = checker.getSymbolAtLocation(ts.isQualifiedName(name) ? name.left : name)
      // `class X extends someConstant`: users see the constant's type (a platform class), not its name.
      const heritageValue =
        ts.isExpressionWithTypeArguments(node) && symbol !== undefined && symbol.flags & ts.SymbolFlags.Variable
      if (symbol !== undefined && !(symbol.flags & ts.SymbolFlags.TypeParameter) && !heritageValue)
        found.push(resolve(symbol))
    }
    ts.forEachChild(node, visit)
  }
  ts.forEachChild(declaration, visit)
  return found
}

/**
 * An unexported generic alias computes a type from its arguments (`Flatten<T>`, `A extends B ? …`):
 * users see what it computes, not its name, so it may stay private.
 */
function isTypeFunction(symbol) {
  return (symbol.declarations ?? []).every(
    (declaration) => ts.isTypeAliasDeclaration(declaration) && (declaration.typeParameters?.length ?? 0) > 0,
  )
}

function isPrivateMember(node) {
  if (node.name !== undefined && ts.isPrivateIdentifier(node.name)) return true
  return (ts.getCombinedModifierFlags?.(node) ?? 0) & ts.ModifierFlags.Private ? ts.isClassElement(node) : false
}

/** The entry declarations of a dist/ folder, as listed in package.json's exports (ESM types). */
export function entryDeclarations(pkg, root) {
  return Object.values(pkg.exports)
    .filter((conditions) => typeof conditions === 'object' && conditions.import !== undefined)
    .map((conditions) => join(root, conditions.import.types))
}
