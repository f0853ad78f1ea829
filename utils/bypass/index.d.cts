// `mocklib/utils/bypass` for compilers that do not read package.json "exports" (moduleResolution node10).
export * from '../../dist/utils/bypass.cjs'
