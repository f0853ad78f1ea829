// `mocklib/core/graphql` for compilers that do not read package.json "exports" (moduleResolution node10).
export * from '../../dist/core/graphql.cjs'
