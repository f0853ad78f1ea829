// GraphQL Code Generator configuration: `npm run codegen` regenerates test/generated/ from
// schema/ and the operations in schema/operations/. The test command fails when the committed
// files differ from what this produces (scripts/suite-codegen.mjs).
import type { CodegenConfig } from '@graphql-codegen/cli'
import type { CodegenPlugin } from '@graphql-codegen/plugin-helpers'
import { createRequire } from 'node:module'
import * as mocklibCodegen from './src/codegen'

const postsLink = { name: 'postsApi', endpoint: 'https://api.posts.test/graphql' }

// Users write plugins: ['mocklib/codegen'] and get the plugin from the package. In this
// repository that name loads the plugin's source, so generating needs no build
// (scripts/suite-codegen.mjs runs the built plugin through the package's exports instead).
const requireFromRoot = createRequire(`${process.cwd()}/codegen.ts`)
const pluginLoader = async (name: string): Promise<CodegenPlugin> =>
  name === 'mocklib/codegen' ? mocklibCodegen : (requireFromRoot(name) as CodegenPlugin)

const config: CodegenConfig = {
  schema: 'schema/*.graphql',
  documents: 'schema/operations/*.graphql',
  pluginLoader,
  // `import type` for types, as verbatimModuleSyntax requires.
  config: { useTypeImports: true },
  generates: {
    // Schema types (the typescript plugin), shared by the operation types below.
    'test/generated/schema-types.ts': {
      plugins: ['typescript'],
    },
    // TypedDocumentNode documents with their operation types, and the mocklib factories: unscoped
    // ones and ones scoped to the posts API link.
    'test/generated/graphql.ts': {
      plugins: ['typescript-operations', 'typed-document-node', 'mocklib/codegen'],
      config: {
        importSchemaTypesFrom: 'test/generated/schema-types.ts',
        links: [postsLink],
        unscoped: true,
      },
    },
    // The client preset in string mode (TypedDocumentString), with fragment masking.
    'test/generated/client/': {
      preset: 'client',
      config: { documentMode: 'string' },
    },
    // The mocklib factories for the client preset's types, in a file of their own.
    'test/generated/client/mocks.ts': {
      plugins: ['mocklib/codegen'],
      config: { importOperationTypesFrom: './graphql' },
    },
  },
}

export default config
