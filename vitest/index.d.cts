// `mocklib/vitest` for compilers that do not read package.json "exports" (moduleResolution node10).
export * from '../dist/vitest.cjs'
