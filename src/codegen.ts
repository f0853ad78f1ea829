// The `mocklib/codegen` entry: a GraphQL Code Generator plugin (`plugins: ['mocklib/codegen']`)
// that writes typed handler factories and an operation map for typed links.
export { plugin, validate } from './codegen/plugin'
export type { CodegenDefinition, CodegenDocumentFile } from './codegen/collect-operations'
export type { CodegenPluginInfo } from './codegen/plugin'
export type { MocklibCodegenConfig, MocklibCodegenLink } from './codegen/config'
