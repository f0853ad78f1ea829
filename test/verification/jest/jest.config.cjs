// The handler matchers under Jest (scripts/suite-environments.mjs runs it with Jest 29 and 30): the
// built CommonJS package, registered by a set-up file as a Jest project does (setupFilesAfterEnv).
const { join } = require('node:path')

const dist = (file) => join(__dirname, '../../../dist', file)

module.exports = {
  rootDir: __dirname,
  testMatch: ['<rootDir>/matchers.spec.ts'],
  testEnvironment: 'node',
  setupFilesAfterEnv: ['<rootDir>/setup.ts'],
  transform: { '\\.ts$': join(__dirname, '../../environments/jest-transform.cjs') },
  moduleNameMapper: {
    '^mocklib$': dist('index.cjs'),
    '^mocklib/node$': dist('node.cjs'),
    '^mocklib/jest$': dist('jest.cjs'),
  },
}
