import { defineConfig } from 'tsdown'

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    node: 'src/node.ts',
    browser: 'src/browser.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  platform: 'neutral',
  target: 'node20',
  sourcemap: true,
  clean: true,
  deps: { neverBundle: [/^node:/, /^@mswjs\/interceptors/, /^graphql/, /^@graphql-tools\//] },
})
