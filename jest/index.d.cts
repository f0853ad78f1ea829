// `mocklib/jest` for compilers that do not read package.json "exports" (moduleResolution node10).
export * from '../dist/jest.cjs'
