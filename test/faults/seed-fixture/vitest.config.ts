// The project test/faults/seed-on-failure.test.ts runs in a vitest of its own: a set-up file
// importing mocklib/vitest, and tests that fail under chaos (or pass).
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const src = (path: string) => fileURLToPath(new URL(`../../../src/${path}`, import.meta.url))

export default defineConfig({
  resolve: {
    alias: [
      { find: /^mocklib$/, replacement: src('index.ts') },
      { find: /^mocklib\/node$/, replacement: src('node.ts') },
      { find: /^mocklib\/vitest$/, replacement: src('vitest.ts') },
    ],
  },
  test: { root: fileURLToPath(new URL('.', import.meta.url)), include: ['*.fixture.ts'], setupFiles: ['./setup.ts'] },
})
