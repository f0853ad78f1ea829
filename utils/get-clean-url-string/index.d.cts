// `mocklib/utils/get-clean-url-string` for compilers that do not read package.json "exports" (moduleResolution node10).
export * from '../../dist/utils/get-clean-url-string.cjs'
