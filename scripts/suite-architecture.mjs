#!/usr/bin/env node
// The architecture check (run by npm test): the import graph of src/ has no circle of imports,
// type-only ones included (a run-time circle decides evaluation order by accident; a type-only
// one means two files each need the other's shapes, which belong in a leaf file), every
// import follows the layers below, and the Node fast paths are reached through their seam only.
// Prints one line per rule and "N passed, N failed" (scripts/checks.mjs).
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { createChecks } from './checks.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const src = join(root, 'src')

/**
 * Layers, by the folder under src/ a file sits in (src/sources/<name>/ for the sources), and what
 * each may import. Three tiers, each importing only its own tier and the ones below:
 * - pipeline: src/runtime knows no handler kind;
 * - features: handler kinds built on it (graphql, ws and sse also on rest's path patterns and
 *   cookies), subscriptions, record, codegen, websocket-wire (RFC 6455 for the sockets mocklib
 *   answers itself) and control (the control protocol of the mock server and the remote);
 * - sources: what catches requests in each environment; they know no paths or operations and
 *   call the pipeline and ws's connection pipeline. The two Node sources (node/: interceptors,
 *   undici/: the dispatcher) never import each other: what both need is in node-shared/, and
 *   node-setup/ (Node's setupServer) starts them; the mock server (server/) and the remote
 *   (remote/: cross-process mocking) put real sockets in front of the pipeline.
 * Only the entry files (src/*.ts, src/core/*.ts, src/utils/*.ts) import across the top.
 */
const TIERS = {
  pipeline: ['runtime'],
  features: [
    'rest',
    'graphql',
    'ws',
    'sse',
    'subscriptions',
    'codegen',
    'record',
    'openapi',
    'websocket-wire',
    'control',
    'matchers',
  ],
  sources: [
    'sources/node-shared',
    'sources/node',
    'sources/undici',
    'sources/node-setup',
    'sources/browser',
    'sources/native',
    // MSW 3's network preview (mocklib/experimental): custom sources' frames into the pipeline.
    'sources/network',
    // The mock server: real sockets in front of the pipeline (src/server/).
    'server',
    // Cross-process mocking: the test process's endpoint (sockets in front of the pipeline, as
    // the mock server's) and the app process's client that node-setup's servers ask first.
    'remote',
    // The Vite plugin (mocklib/vite): build tooling that serves the browser source's worker script
    // and writes a virtual module importing mocklib by its package name, never by path.
    'vite',
  ],
  entry: ['entry'],
}
const LAYERS = {
  entry: ['entry', ...TIERS.pipeline, ...TIERS.features, ...TIERS.sources],
  runtime: ['runtime'],
  rest: ['rest', 'runtime'],
  graphql: ['graphql', 'rest', 'sse', 'runtime'],
  ws: ['ws', 'rest', 'runtime'],
  sse: ['sse', 'rest', 'runtime'],
  // GraphQL subscriptions: GraphQL handlers served on WebSocket connections and as event streams or
  // multipart responses over HTTP.
  subscriptions: ['subscriptions', 'graphql', 'ws', 'sse', 'rest', 'runtime'],
  // The codegen plugin also throws runtime/errors.ts's coded errors.
  codegen: ['codegen', 'graphql', 'runtime'],
  // Record and replay: HAR recordings served by a handler, GraphQL-aware (graphql/), schema checks (graphql/executor).
  record: ['record', 'graphql', 'rest', 'runtime'],
  // Handlers from an OpenAPI document: http handlers (rest/) answering from its examples and schemas;
  // a refused request gets the control protocol's problem details (control/problem.ts, a leaf).
  openapi: ['openapi', 'control', 'rest', 'runtime'],
  // The control protocol (routes, header codecs, token check, ControlClient) shared by the mock
  // server and the cross-process remote: it knows the pipeline's types, no handler kind.
  control: ['control', 'runtime'],
  // The vitest and Jest matchers (mocklib/vitest, mocklib/jest): they read handlers' calls, whatever their kind.
  matchers: ['matchers', 'runtime'],
  // The frame codec, the upgraded socket and the 101 bridge into ws's connection pipeline.
  'websocket-wire': ['websocket-wire', 'ws', 'runtime'],
  'sources/node-shared': ['sources/node-shared', 'runtime'],
  'sources/node': ['sources/node', 'sources/node-shared', 'websocket-wire', 'ws', 'runtime'],
  'sources/undici': ['sources/undici', 'sources/node-shared', 'websocket-wire', 'ws', 'runtime'],
  // node-setup also opens an app process's remote (remote/open-remote.ts).
  'sources/node-setup': [
    'sources/node-setup',
    'sources/node',
    'sources/undici',
    'sources/node-shared',
    'ws',
    'remote',
    'runtime',
  ],
  'sources/browser': ['sources/browser', 'ws', 'runtime'],
  // React Native patches fetch and XMLHttpRequest in place, as a page without a worker does.
  'sources/native': ['sources/native', 'sources/browser', 'runtime'],
  'sources/network': ['sources/network', 'runtime'],
  // The mock server (createMockServer, the middleware): real sockets in front of the pipeline,
  // JSON-described handlers (rest/, graphql/), the control API, HAR history (record/).
  server: ['server', 'control', 'websocket-wire', 'subscriptions', 'record', 'graphql', 'sse', 'ws', 'rest', 'runtime'],
  // The remote: requests through the pipeline, WebSocket connections joined over RFC 6455 frames.
  remote: ['remote', 'control', 'server', 'websocket-wire', 'ws', 'runtime'],
  vite: ['vite'],
}

const tierOf = (layer) => Object.keys(TIERS).findIndex((tier) => TIERS[tier].includes(layer))

function layerOf(file) {
  const parts = relative(src, file).split(/[\\/]/)
  // src/core/*.ts and src/utils/*.ts are entry files too: mocklib/core/http, /graphql, /ws (MSW's
  // msw/core/* names) and mocklib/utils/delay, /bypass ... (MSW 3's msw/utils/*).
  if (parts.length === 1 || parts[0] === 'core' || parts[0] === 'utils') return 'entry'
  if (parts[0] === 'sources' && parts.length > 2) return `sources/${parts[1]}`
  return parts[0]
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

/** Relative imports of a file (static, type-only, re-exports, dynamic and `import('…')` types), resolved to files. */
function importsOf(file) {
  const text = readFileSync(file, 'utf8')
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false)
  const found = []
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text)
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      ts.isStringLiteral(node.arguments[0] ?? {})
    ) {
      found.push(node.arguments[0].text)
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      // `import('./x').Shape` in a type position: an import too.
      found.push(node.argument.literal.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => {
      const base = resolve(dirname(file), specifier)
      for (const candidate of [`${base}.ts`, join(base, 'index.ts'), base]) {
        try {
          readFileSync(candidate)
          return candidate
        } catch {}
      }
      return base
    })
    .filter((target) => target.startsWith(src) && target.endsWith('.ts'))
}

const files = sourceFiles(src)
const graph = new Map(files.map((file) => [file, importsOf(file)]))
const name = (file) => relative(root, file)
const results = []

// Rule 1: no circle (Tarjan's strongly connected components).
{
  let counter = 0
  const index = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const circles = []
  const visit = (file) => {
    index.set(file, counter)
    low.set(file, counter++)
    stack.push(file)
    onStack.add(file)
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(file, Math.min(low.get(file), low.get(target)))
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file), index.get(target)))
      }
    }
    if (low.get(file) === index.get(file)) {
      const component = []
      let member
      do {
        member = stack.pop()
        onStack.delete(member)
        component.push(member)
      } while (member !== file)
      if (component.length > 1 || (graph.get(file) ?? []).includes(file)) circles.push(component)
    }
  }
  for (const file of files) if (!index.has(file)) visit(file)
  results.push({
    rule: 'no circle of imports in src/ (type-only imports included)',
    problems: circles.map(
      (component) => `circle of ${component.length} files: ${component.map(name).sort().join(', ')}`,
    ),
  })
}

// Rule 2: layers. The table itself is checked too: no layer may import a higher tier.
{
  const problems = []
  for (const [layer, allowed] of Object.entries(LAYERS)) {
    if (tierOf(layer) < 0) problems.push(`the layer "${layer}" has no tier in scripts/suite-architecture.mjs`)
    for (const target of allowed) {
      if (tierOf(target) > tierOf(layer)) problems.push(`the layer table lets ${layer} import ${target}, a higher tier`)
    }
  }
  for (const [file, targets] of graph) {
    const from = layerOf(file)
    const allowed = LAYERS[from]
    if (allowed === undefined) {
      problems.push(`${name(file)}: the folder "${from}" has no layer rule in scripts/suite-architecture.mjs`)
      continue
    }
    for (const target of targets) {
      const to = layerOf(target)
      if (!allowed.includes(to))
        problems.push(`${name(file)} imports ${name(target)} (${from} may import ${allowed.join(', ')})`)
    }
  }
  results.push({
    rule: 'imports follow the layers (sources above features above the pipeline; only entry files import across the top)',
    problems,
  })
}

// Rule 3: the Node fast paths have one way in (DESIGN.md, "The Node fast paths").
{
  const seam = join(src, 'runtime/node-fast-path')
  const inside = (file) => file.startsWith(`${seam}/`)
  const problems = []
  for (const [file, targets] of graph) {
    if (inside(file)) continue
    for (const target of targets) {
      if (inside(target) && target !== join(seam, 'index.ts'))
        problems.push(`${name(file)} imports ${name(target)}: import runtime/node-fast-path (its index.ts) instead`)
    }
  }
  results.push({ rule: 'the Node fast paths are reached only through runtime/node-fast-path/index.ts', problems })
}

const { report, finish } = createChecks('architecture')
for (const { rule, problems } of results) report(rule, problems.length === 0 ? undefined : problems.join('\n'))
finish()
