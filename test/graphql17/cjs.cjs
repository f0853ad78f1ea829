'use strict'
// mocklib with graphql 17, loaded with `require` as a CommonJS application (or Jest) would.
const mocklib = require('mocklib')
const mocklibNode = require('mocklib/node')
const mocklibSchema = require('mocklib/schema')
const graphql = require('graphql')
const { runGraphQL17Suite } = require('./checks.cjs')

const resolved = {
  graphql: require.resolve('graphql'),
  mocklib: require.resolve('mocklib'),
  schema: require.resolve('mocklib/schema'),
}

const harness = runGraphQL17Suite({
  format: 'CommonJS',
  extension: 'cjs',
  mocklib,
  mocklibNode,
  mocklibSchema,
  graphql,
  resolved,
  projectDir: __dirname,
})
harness.run()
