// mocklib loaded with `import`, as an ES module application would.
import * as mocklib from 'mocklib'
import * as mocklibNode from 'mocklib/node'
import * as mocklibBrowser from 'mocklib/browser'
import * as mocklibNative from 'mocklib/native'
import * as coreHttp from 'mocklib/core/http'
import * as coreGraphql from 'mocklib/core/graphql'
import * as coreWs from 'mocklib/core/ws'
import * as http from 'mocklib/http'
import * as graphql from 'mocklib/graphql'
import * as ws from 'mocklib/ws'
import * as sse from 'mocklib/sse'
import * as utils from 'mocklib/utils'
import * as delay from 'mocklib/utils/delay'
import * as bypass from 'mocklib/utils/bypass'
import * as passthrough from 'mocklib/utils/passthrough'
import * as getResponse from 'mocklib/utils/get-response'
import * as getCleanUrlString from 'mocklib/utils/get-clean-url-string'
import * as isCommonAssetRequest from 'mocklib/utils/is-common-asset-request'
import { fileURLToPath } from 'node:url'
import { runFormatSuite } from '../fixtures/format-suite.cjs'
import { addMsw3SnippetChecks } from '../fixtures/msw3-snippets.cjs'

const resolved = {
  main: fileURLToPath(import.meta.resolve('mocklib')),
  node: fileURLToPath(import.meta.resolve('mocklib/node')),
  browser: fileURLToPath(import.meta.resolve('mocklib/browser')),
  native: fileURLToPath(import.meta.resolve('mocklib/native')),
  worker: fileURLToPath(import.meta.resolve('mocklib/mockServiceWorker.js')),
  http: fileURLToPath(import.meta.resolve('mocklib/http')),
  delay: fileURLToPath(import.meta.resolve('mocklib/utils/delay')),
}
const core = { http: coreHttp, graphql: coreGraphql, ws: coreWs }
const msw3 = {
  http,
  graphql,
  ws,
  sse,
  utils,
  delay,
  bypass,
  passthrough,
  'get-response': getResponse,
  'get-clean-url-string': getCleanUrlString,
  'is-common-asset-request': isCommonAssetRequest,
}

const harness = runFormatSuite({
  format: 'ESM',
  extension: 'js',
  mocklib,
  mocklibNode,
  mocklibBrowser,
  mocklibNative,
  core,
  msw3,
  resolved,
})
addMsw3SnippetChecks(harness, { mocklibNode, msw3 })
await harness.run()
