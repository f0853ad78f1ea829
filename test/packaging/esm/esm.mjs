// mocklib loaded with `import`, as an ES module application would.
import * as mocklib from 'mocklib'
import * as mocklibNode from 'mocklib/node'
import * as mocklibBrowser from 'mocklib/browser'
import * as mocklibNative from 'mocklib/native'
import * as coreHttp from 'mocklib/core/http'
import * as coreGraphql from 'mocklib/core/graphql'
import * as coreWs from 'mocklib/core/ws'
import { fileURLToPath } from 'node:url'
import { runFormatSuite } from '../fixtures/format-suite.cjs'

const resolved = {
  main: fileURLToPath(import.meta.resolve('mocklib')),
  node: fileURLToPath(import.meta.resolve('mocklib/node')),
  browser: fileURLToPath(import.meta.resolve('mocklib/browser')),
  native: fileURLToPath(import.meta.resolve('mocklib/native')),
  worker: fileURLToPath(import.meta.resolve('mocklib/mockServiceWorker.js')),
}
const core = { http: coreHttp, graphql: coreGraphql, ws: coreWs }

const harness = runFormatSuite({ format: 'ESM', extension: 'js', mocklib, mocklibNode, mocklibBrowser, mocklibNative, core, resolved })
await harness.run()
