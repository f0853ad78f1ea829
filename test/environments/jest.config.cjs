// The environment matrix under Jest: `--env` names the environment. mocklib is the built CommonJS
// package, as a Jest project loads it; customExportConditions is the set-up MSW documents for jsdom.
const { join } = require('node:path')

const dist = (file) => join(__dirname, '../../dist', file)

module.exports = {
  rootDir: __dirname,
  testMatch: ['<rootDir>/jest.spec.ts'],
  transform: { '\\.ts$': '<rootDir>/jest-transform.cjs' },
  moduleNameMapper: { '^mocklib$': dist('index.cjs'), '^mocklib/node$': dist('node.cjs') },
  testEnvironmentOptions: { customExportConditions: [''] },
}
