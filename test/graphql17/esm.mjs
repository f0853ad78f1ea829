// mocklib with graphql 17, loaded with `import` as an ES module application would.
import * as mocklib from 'mocklib'
import * as mocklibNode from 'mocklib/node'
import * as mocklibSchema from 'mocklib/schema'
import * as graphql from 'graphql'
import { fileURLToPath } from 'node:url'
import { runGraphQL17Suite } from './checks.cjs'

const resolved = {
  graphql: fileURLToPath(import.meta.resolve('graphql')),
  mocklib: fileURLToPath(import.meta.resolve('mocklib')),
  schema: fileURLToPath(import.meta.resolve('mocklib/schema')),
}
const projectDir = fileURLToPath(new URL('.', import.meta.url))

const harness = runGraphQL17Suite({
  format: 'ESM',
  extension: 'js',
  mocklib,
  mocklibNode,
  mocklibSchema,
  graphql,
  resolved,
  projectDir,
})
await harness.run()
