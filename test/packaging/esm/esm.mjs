// mocklib loaded with `import`, as an ES module application would.
import * as mocklib from 'mocklib'
import * as mocklibNode from 'mocklib/node'
import * as mocklibBrowser from 'mocklib/browser'
import { fileURLToPath } from 'node:url'
import { runFormatSuite } from '../fixtures/format-suite.cjs'

const resolved = {
  main: fileURLToPath(import.meta.resolve('mocklib')),
  node: fileURLToPath(import.meta.resolve('mocklib/node')),
  browser: fileURLToPath(import.meta.resolve('mocklib/browser')),
}

const harness = runFormatSuite({ format: 'ESM', extension: 'js', mocklib, mocklibNode, mocklibBrowser, resolved })
await harness.run()
