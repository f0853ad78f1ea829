import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url))

// Tests import 'mocklib' like users do. During development that name points at the
// sources, so no build is needed; the packaging suites (test/packaging) test dist/.
export default defineConfig({
  resolve: {
    alias: [
      { find: /^mocklib$/, replacement: src('index.ts') },
      { find: /^mocklib\/node$/, replacement: src('node.ts') },
      { find: /^mocklib\/browser$/, replacement: src('browser.ts') },
      { find: /^mocklib\/schema$/, replacement: src('schema.ts') },
      // graphql 16 has no exports map: Node resolves it to index.js, Vite to index.mjs. Resolve it
      // the Node way, so sources and tests share one copy with @graphql-tools and Apollo.
      { find: /^graphql$/, replacement: createRequire(import.meta.url).resolve('graphql') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/packaging/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
})
