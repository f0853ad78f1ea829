// What the fixture imports from vitest, as Jest's globals.
module.exports = { afterAll, beforeAll, expect, it }
