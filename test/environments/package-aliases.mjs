// Loaded with `node --import`: makes a package installed under an alias answer to its own name,
// as if that version were the one installed. MOCKLIB_PACKAGE_ALIASES="jsdom=jsdom22" makes
// vitest's jsdom environment load jsdom 22; "jest-environment-jsdom=jest-environment-jsdom29"
// gives jest-fixed-jsdom Jest 29's environment to extend.
import Module, { register } from 'node:module'

const aliases = Object.fromEntries(
  (process.env.MOCKLIB_PACKAGE_ALIASES ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => pair.split('=')),
)

// ES modules (vitest imports its environments' packages).
const hooks =
  'let a = {}; export function initialize(d) { a = d }; export function resolve(s, c, n) { return n(a[s] ?? s, c) }'
register(`data:text/javascript,${encodeURIComponent(hooks)}`, { data: aliases })

// CommonJS (Jest requires its environments).
const resolveFilename = Module._resolveFilename
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, aliases[request] ?? request, ...rest)
}
