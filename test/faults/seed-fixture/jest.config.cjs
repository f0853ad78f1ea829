// The same project under Jest (test/faults/seed-on-failure.test.ts runs it with Jest 29 and 30):
// the built CommonJS package, mocklib/jest imported by a set-up file (setupFilesAfterEnv), and
// the fixture's `vitest` imports given Jest's globals.
const { join } = require('node:path')

const dist = (file) => join(__dirname, '../../../dist', file)

module.exports = {
  rootDir: __dirname,
  testMatch: ['<rootDir>/chaos.fixture.ts'],
  testEnvironment: 'node',
  setupFilesAfterEnv: ['<rootDir>/jest-setup.ts'],
  transform: { '\\.ts$': join(__dirname, '../../environments/jest-transform.cjs') },
  moduleNameMapper: {
    '^mocklib$': dist('index.cjs'),
    '^mocklib/node$': dist('node.cjs'),
    '^mocklib/jest$': dist('jest.cjs'),
    '^vitest$': join(__dirname, 'jest-globals.cjs'),
  },
}
