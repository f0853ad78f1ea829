import { defineConfig } from 'vitest/config'

// Vitest as a user configures it: mocklib comes from node_modules (no aliases).
export default defineConfig({
  // setup.mjs adds mocklib/vitest's matchers, as docs/verification.md says.
  test: { include: ['*.test.mjs'], environment: 'node', testTimeout: 20_000, setupFiles: ['./setup.mjs'] },
})
