// graphql 16 ships one set of declarations (index.d.ts) for both of its builds; this gives its
// ES module build (index.mjs), which a test loads as a second copy of graphql, the same types.
declare module 'graphql/index.mjs' {
  export * from 'graphql'
}
