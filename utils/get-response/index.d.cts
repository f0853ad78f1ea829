// `mocklib/utils/get-response` for compilers that do not read package.json "exports" (moduleResolution node10).
export * from '../../dist/utils/get-response.cjs'
