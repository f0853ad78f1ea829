import { readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { defineConfig } from 'tsdown'

// The Node source ships its own copy of @mswjs/interceptors (and the interceptors' small
// dependencies). Installed separately, they are resolved with the consumer's export
// conditions, and Jest's jsdom environment asks for "browser": `@mswjs/interceptors/ClientRequest`
// is then `null` and the others are browser ESM files Jest cannot require. Bundled, mocklib/node
// loads the same code everywhere. Only imports from the Node source (and inside those
// packages) are bundled; the browser source keeps resolving the package normally.
const interceptorPackages =
  /^(?:@mswjs\/interceptors|@open-draft\/[^/]+|outvariant|strict-event-emitter|is-node-process)(?:\/|$)/
const bundledImporter =
  /[\\/]src[\\/]sources[\\/](?:node|node-setup|node-shared|undici)[\\/]|[\\/]node_modules[\\/](?:@mswjs[\\/]interceptors|@open-draft|outvariant|strict-event-emitter|is-node-process)[\\/]/
// mocklib/openapi's data generator ships inside it: json-schema-faker is ESM only (no "require"
// export), so a CommonJS user (Jest without VM modules) could not load it, and it has no dependencies.
const bundledForOpenApi = /^json-schema-faker(?:\/|$)/
const openApiImporter = /[\\/]src[\\/]openapi[\\/]/

// Node's underscore modules (the interceptors import `_http_common`) are written with the
// `node:` prefix in dist/: bundlers that target Node (webpack's `target: 'node'`) keep every
// `node:` import external but know only the documented names without it.
const isUnderscoreModule = (id: string): boolean => id.startsWith('_') && builtinModules.includes(id)
const nodePrefix = {
  name: 'mocklib:node-prefix',
  resolveId: {
    order: 'pre' as const,
    handler: (id: string) => (isUnderscoreModule(id) ? { id: `node:${id}`, external: true } : null),
  },
}

const nodeBuiltins = new RegExp(
  `^(?:node:.*|${builtinModules
    .filter((name) => !isUnderscoreModule(name))
    .map((name) => name.replace(/[/]/g, '\\/'))
    .join('|')})$`,
)

// Shared chunks are named after the idea they hold, not after whichever module the bundler
// met first (dist/is-common-asset-*.js once held the request pipeline): the first module of
// this list a chunk contains names it.
const chunkNames: Array<[RegExp, string]> = [
  [/[\\/]src[\\/]runtime[\\/]resolve-request\.ts$/, 'pipeline'],
  [/[\\/]src[\\/]runtime[\\/]request-handler\.ts$/, 'request-handler'],
  [/[\\/]src[\\/]runtime[\\/]http-response\.ts$/, 'http-response'],
  [/[\\/]src[\\/]graphql[\\/]graphql-handler\.ts$/, 'graphql-handler'],
  [/[\\/]src[\\/]rest[\\/]path-pattern\.ts$/, 'path-pattern'],
  [/[\\/]src[\\/]ws[\\/]websocket-handler\.ts$/, 'websocket-handler'],
  [/[\\/]node_modules[\\/]json-schema-faker[\\/]/, 'json-schema-faker'],
  [/[\\/]src[\\/]matchers[\\/]/, 'matchers'],
]

function chunkName(chunk: { name: string; moduleIds: readonly string[] }): string {
  const dts = chunk.name.endsWith('.d')
  for (const [test, name] of chunkNames) {
    if (chunk.moduleIds.some((id) => test.test(id.replace(/\.d\.ts$/, '.ts')))) return dts ? `${name}.d` : name
  }
  return chunk.name
}

const VITE_CLIENT_REFERENCE = '/// <reference types="mocklib/vite/client" preserve="true" />'

// What the control protocol's health route reports (src/control/health.ts).
const packageVersion = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    node: 'src/node.ts',
    browser: 'src/browser.ts',
    native: 'src/native.ts',
    schema: 'src/schema.ts',
    codegen: 'src/codegen.ts',
    record: 'src/record.ts',
    openapi: 'src/openapi.ts',
    remote: 'src/remote.ts',
    playwright: 'src/playwright.ts',
    vitest: 'src/vitest.ts',
    jest: 'src/jest.ts',
    'core/http': 'src/core/http.ts',
    'core/graphql': 'src/core/graphql.ts',
    'core/ws': 'src/core/ws.ts',
    // MSW 3's entries.
    http: 'src/http.ts',
    graphql: 'src/graphql.ts',
    ws: 'src/ws.ts',
    sse: 'src/sse.ts',
    experimental: 'src/experimental.ts',
    utils: 'src/utils.ts',
    'utils/delay': 'src/utils/delay.ts',
    'utils/bypass': 'src/utils/bypass.ts',
    'utils/passthrough': 'src/utils/passthrough.ts',
    'utils/get-response': 'src/utils/get-response.ts',
    'utils/get-clean-url-string': 'src/utils/get-clean-url-string.ts',
    'utils/is-common-asset-request': 'src/utils/is-common-asset-request.ts',
    // Node-side: the Vite plugin (vite is an optional peer, imported for types only).
    vite: 'src/vite.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  platform: 'neutral',
  target: 'node20',
  sourcemap: true,
  clean: true,
  // package.json says "sideEffects": false; this one module's job is its side effect (see it).
  plugins: [nodePrefix],
  treeshake: { moduleSideEffects: [{ test: /[\\/]src[\\/]runtime[\\/]fetch-globals\.ts$/, sideEffects: true }] },
  // mocklib/schema loads its optional peers on first use: the CommonJS build with require(), so
  // Jest and other CommonJS users get the same graphql copy as their own code (see load-module.ts).
  inputOptions: (options, format) => ({
    ...options,
    transform: {
      ...options.transform,
      define: {
        ...options.transform?.define,
        __MOCKLIB_CJS__: String(format === 'cjs'),
        __MOCKLIB_VERSION__: JSON.stringify(packageVersion),
      },
    },
  }),
  outputOptions: (options) => {
    const original = options.chunkFileNames
    return {
      ...options,
      // The bundler's own helpers in a chunk of their own (dist/rolldown-runtime-*): placed in the first entry that needs
      // them (dist/node.cjs), they made dist/native.cjs require all of mocklib/node.
      codeSplitting: { groups: [{ name: 'bundler-runtime', test: /^\0rolldown\/runtime/ }] },
      // mocklib/vite's declarations bring in the types of `virtual:mocklib`, as msw/vite's do: bundled
      // declarations drop the source's triple-slash references.
      postBanner: (chunk) => (/^vite\.d\.c?ts$/.test(chunk.fileName) ? VITE_CLIENT_REFERENCE : ''),
      chunkFileNames: (chunk) => {
        const pattern = typeof original === 'function' ? original(chunk) : (original ?? '[name]-[hash].js')
        return pattern.replace('[name]', chunkName(chunk))
      },
    }
  },
  deps: {
    neverBundle: [
      nodeBuiltins,
      /^graphql/,
      /^@graphql-tools\//,
      /^@graphql-codegen\//,
      /^(?:yaml|ajv|ajv-formats)(?:\/|$)/,
    ],
    alwaysBundle: (id, importer) =>
      importer !== undefined &&
      ((interceptorPackages.test(id) && bundledImporter.test(importer)) ||
        (bundledForOpenApi.test(id) && openApiImporter.test(importer))),
    onlyBundle: [interceptorPackages, bundledForOpenApi],
  },
})
