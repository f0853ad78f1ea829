'use strict'
// Jest as a user configures it: no setup files, no polyfills, no module mapping for mocklib.
module.exports = {
  testMatch: ['<rootDir>/*.test.cjs'],
  transform: {},
  testTimeout: 20000,
}
