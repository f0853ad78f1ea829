import { defineConfig } from 'vitest/config'

// Vitest as a user configures it: mocklib comes from node_modules (no aliases).
export default defineConfig({
  test: { include: ['*.test.mjs'], environment: 'node', testTimeout: 20_000 },
})
