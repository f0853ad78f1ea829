// `mocklib/utils/is-common-asset-request` for compilers that do not read package.json "exports" (moduleResolution node10).
export * from '../../dist/utils/is-common-asset-request.cjs'
