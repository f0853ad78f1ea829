// The type-resolution checks of the packaging suite: types/entries.ts (every entry of the
// package) compiled under each moduleResolution mode, by the TypeScript mocklib is developed
// with and by the oldest one it supports, which is installed from the npm registry.
import { spawnSync } from 'node:child_process'
import { copyFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { npmCli } from './consumer.mjs'

/** The oldest TypeScript the published types support (see docs/typescript.md). */
export const OLDEST_TYPESCRIPT = '4.8.4'
const ENTRIES = [
  'index',
  'node',
  'browser',
  'native',
  'schema',
  'codegen',
  'record',
  'openapi',
  'remote',
  'playwright',
  'core/http',
  'core/graphql',
  'core/ws',
  // MSW 3's entries.
  'http',
  'graphql',
  'ws',
  'sse',
  'experimental',
  'utils',
  'utils/delay',
  'utils/bypass',
  'utils/passthrough',
  'utils/get-response',
  'utils/get-clean-url-string',
  'utils/is-common-asset-request',
]
const dist = 'node_modules/mocklib/dist/'

/** The `lib` of a project whose target predates ES2022 (Angular 15, `target: ES2020` libraries). */
const OLD_LIB = ['ES2018', 'DOM']

/**
 * One compilation: `mode` is moduleResolution, `legacy` says the TypeScript < 5.4 declaration
 * set (dist/ts4.8/) must be the one loaded, `checkDeclarations` type-checks mocklib's declaration
 * files too (check-declarations.cjs), not only the resolution; `lib` replaces ES2022 + DOM.
 * `expect` lists declaration files tsc must load.
 */
function run(label, mode, { legacy = false, checkDeclarations = false, lib } = {}) {
  const set = legacy ? `${dist}ts4.8/` : dist
  const esm = ENTRIES.map((name) => `${set}${name}.d.ts`)
  const cjs = ENTRIES.map((name) => `${set}${name}.d.cts`)
  const stubs = legacy ? [] : ENTRIES.slice(1).map((name) => `node_modules/mocklib/${name}/index.d.cts`)
  const layout = {
    node10: { module: 'commonjs', files: ['entries.ts'], expect: [...cjs, ...stubs] },
    node16: { module: 'node16', files: ['entries.mts', 'entries.cts'], expect: [...esm, ...cjs] },
    nodenext: { module: 'nodenext', files: ['entries.mts', 'entries.cts'], expect: [...esm, ...cjs] },
    bundler: { module: 'esnext', files: ['entries.ts'], expect: esm },
  }[mode]
  return { label, mode, legacy, checkDeclarations, lib, ...layout }
}

export const MODERN_RUNS = ['node10', 'node16', 'nodenext', 'bundler'].map((mode) => run(mode, mode))
export const OLDEST_RUNS = [
  run('node10', 'node10', { legacy: true }),
  run('node16, declaration files checked', 'node16', { legacy: true, checkDeclarations: true }),
  run('node16, lib ES2018 + DOM, declaration files checked', 'node16', {
    legacy: true,
    checkDeclarations: true,
    lib: OLD_LIB,
  }),
]
/** Run by this TypeScript and the newest: mocklib's declarations must not need a newer lib. */
export const OLD_LIB_RUN = run('nodenext, lib ES2018 + DOM, declaration files checked', 'nodenext', {
  checkDeclarations: true,
  lib: OLD_LIB,
})

/** Writes the tsconfig of a run into the consumer's types/ folder; returns its file name. */
export function writeRunConfig(typesDir, config, typescriptVersion) {
  copyFileSync(join(typesDir, 'entries.ts'), join(typesDir, 'entries.mts'))
  copyFileSync(join(typesDir, 'entries.ts'), join(typesDir, 'entries.cts'))
  // TypeScript before 5.0 calls node10 "node".
  const moduleResolution = config.mode === 'node10' && typescriptVersion.startsWith('4.') ? 'node' : config.mode
  const compilerOptions = {
    module: config.module,
    moduleResolution,
    target: config.lib === undefined ? 'ES2020' : 'ES2018',
    lib: config.lib ?? ['ES2022', 'DOM'],
    types: [],
    strict: true,
    noEmit: true,
    // check-declarations.cjs picks the declaration files it checks itself.
    skipLibCheck: !config.checkDeclarations,
    skipDefaultLibCheck: true,
  }
  const file = `tsconfig.${config.mode}${config.lib === undefined ? '' : '-old-lib'}-${typescriptVersion}.json`
  writeFileSync(join(typesDir, file), JSON.stringify({ compilerOptions, files: config.files }, null, 2))
  return file
}

/**
 * `npm install --save-dev typescript@<oldest>` in a project that has mocklib installed from the
 * tarball: npm checks mocklib's peer ranges against it (a `typescript` peer of 5.4 or newer made
 * this fail with ERESOLVE). Returns the installed TypeScript's folder.
 */
export function installOldestTypeScript(projectDir) {
  const args = [
    'install',
    '--save-dev',
    '--prefer-offline',
    '--no-audit',
    '--no-fund',
    '--ignore-scripts',
    `typescript@${OLDEST_TYPESCRIPT}`,
  ]
  const result = spawnSync(process.execPath, [npmCli(), ...args], { cwd: projectDir, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`)
  return join(projectDir, 'node_modules/typescript')
}
