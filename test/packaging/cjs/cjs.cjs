'use strict'
// mocklib loaded with `require`, as a CommonJS application (or Jest) would.
const assert = require('node:assert/strict')
const mocklib = require('mocklib')
const mocklibNode = require('mocklib/node')
const mocklibBrowser = require('mocklib/browser')
const mocklibNative = require('mocklib/native')
const core = {
  http: require('mocklib/core/http'),
  graphql: require('mocklib/core/graphql'),
  ws: require('mocklib/core/ws'),
}
const msw3 = {
  http: require('mocklib/http'),
  graphql: require('mocklib/graphql'),
  ws: require('mocklib/ws'),
  sse: require('mocklib/sse'),
  utils: require('mocklib/utils'),
  delay: require('mocklib/utils/delay'),
  bypass: require('mocklib/utils/bypass'),
  passthrough: require('mocklib/utils/passthrough'),
  'get-response': require('mocklib/utils/get-response'),
  'get-clean-url-string': require('mocklib/utils/get-clean-url-string'),
  'is-common-asset-request': require('mocklib/utils/is-common-asset-request'),
}
const { runFormatSuite } = require('../fixtures/format-suite.cjs')
const { addMsw3SnippetChecks } = require('../fixtures/msw3-snippets.cjs')

const resolved = {
  main: require.resolve('mocklib'),
  node: require.resolve('mocklib/node'),
  browser: require.resolve('mocklib/browser'),
  native: require.resolve('mocklib/native'),
  worker: require.resolve('mocklib/mockServiceWorker.js'),
  http: require.resolve('mocklib/http'),
  delay: require.resolve('mocklib/utils/delay'),
}

const harness = runFormatSuite({
  format: 'CommonJS',
  extension: 'cjs',
  mocklib,
  mocklibNode,
  mocklibBrowser,
  mocklibNative,
  core,
  msw3,
  resolved,
})

harness.check("'mocklib/package.json' is exported", () => {
  const pkg = require('mocklib/package.json')
  assert.equal(pkg.name, 'mocklib')
  assert.match(pkg.engines.node, /^>=20\.19/)
})

harness.check('REST alone never loads graphql (nor @graphql-tools)', () => {
  const loaded = Object.keys(require.cache).filter((file) =>
    /[\\/]node_modules[\\/](graphql|@graphql-tools)[\\/]/.test(file),
  )
  assert.deepEqual(loaded, [])
})

// After the check above: these load graphql.
addMsw3SnippetChecks(harness, { mocklibNode, msw3 })
harness.run()
