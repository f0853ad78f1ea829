import { builtinModules } from 'node:module'
import { defineConfig } from 'tsdown'

// The Node source ships its own copy of @mswjs/interceptors (and the interceptors' small
// dependencies). Installed separately, they are resolved with the consumer's export
// conditions, and Jest's jsdom environment asks for "browser": `@mswjs/interceptors/ClientRequest`
// is then `null` and the others are browser ESM files Jest cannot require. Bundled, mocklib/node
// loads the same code everywhere. Only imports from the Node source (and inside those
// packages) are bundled; the browser source keeps resolving the package normally.
const interceptorPackages = /^(?:@mswjs\/interceptors|@open-draft\/[^/]+|outvariant|strict-event-emitter|is-node-process)(?:\/|$)/
const bundledImporter = /[\\/]src[\\/]runtime[\\/]node[\\/]|[\\/]node_modules[\\/](?:@mswjs[\\/]interceptors|@open-draft|outvariant|strict-event-emitter|is-node-process)[\\/]/

const nodeBuiltins = new RegExp(`^(?:node:.*|${builtinModules.map((name) => name.replace(/[/]/g, '\\/')).join('|')})$`)

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    node: 'src/node.ts',
    browser: 'src/browser.ts',
    schema: 'src/schema.ts',
    codegen: 'src/codegen.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  platform: 'neutral',
  target: 'node20',
  sourcemap: true,
  clean: true,
  // package.json says "sideEffects": false; this one module's job is its side effect (see it).
  treeshake: { moduleSideEffects: [{ test: /[\\/]src[\\/]runtime[\\/]fetch-globals\.ts$/, sideEffects: true }] },
  // mocklib/schema loads its optional peers on first use: the CommonJS build with require(), so
  // Jest and other CommonJS users get the same graphql copy as their own code (see load-peers.ts).
  inputOptions: (options, format) => ({
    ...options,
    transform: { ...options.transform, define: { ...options.transform?.define, __MOCKLIB_CJS__: String(format === 'cjs') } },
  }),
  deps: {
    neverBundle: [nodeBuiltins, /^graphql/, /^@graphql-tools\//, /^@graphql-codegen\//],
    alwaysBundle: (id, importer) =>
      interceptorPackages.test(id) && importer !== undefined && bundledImporter.test(importer),
    onlyBundle: [interceptorPackages],
  },
})
