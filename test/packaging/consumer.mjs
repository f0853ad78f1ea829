// Builds throwaway consumer projects in which mocklib is installed the way npm installs it:
// `npm pack` of this repository, unpacked into node_modules/mocklib. Other packages the
// suites need are linked from this repository's node_modules (no network).
import { spawnSync } from 'node:child_process'
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const fixturesRoot = fileURLToPath(new URL('.', import.meta.url))
const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'))

/** Packs the repository once; returns the tarball path and the packed file list. */
export function pack(workDir) {
  const result = spawnSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', workDir], {
    cwd: repoRoot,
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error(`npm pack failed:\n${result.stderr}`)
  const [info] = JSON.parse(result.stdout.slice(result.stdout.indexOf('[')))
  return { tarball: join(workDir, info.filename), files: info.files.map((file) => file.path) }
}

/**
 * A project directory with mocklib unpacked from the tarball, the fixture folders copied in,
 * and `links` (package names) linked from the repository. mocklib's own dependencies are
 * linked too (npm would install them), except those named in `without`.
 */
export function createConsumer(workDir, name, tarball, links = [], { without = [] } = {}) {
  const dir = join(workDir, name)
  const modules = join(dir, 'node_modules')
  mkdirSync(join(modules, 'mocklib'), { recursive: true })
  const untar = spawnSync('tar', ['-xzf', tarball, '-C', join(modules, 'mocklib'), '--strip-components=1'])
  if (untar.status !== 0) throw new Error(`could not unpack ${tarball}: ${untar.stderr}`)
  for (const entry of readdirSync(fixturesRoot, { withFileTypes: true })) {
    if (entry.isDirectory()) cpSync(join(fixturesRoot, entry.name), join(dir, entry.name), { recursive: true })
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `mocklib-consumer-${name}`, private: true }, null, 2))
  linkDependencies(modules, links, without)
  return dir
}

/** Links mocklib's dependencies (as npm would install them) and `links` from the repository. */
function linkDependencies(modules, links = [], without = []) {
  const deps = new Set([...Object.keys(pkg.dependencies ?? {}), ...links])
  for (const dep of without) deps.delete(dep)
  for (const dep of deps) {
    const target = join(modules, dep)
    mkdirSync(dirname(target), { recursive: true })
    symlinkSync(join(repoRoot, 'node_modules', dep), target, 'dir')
  }
}

/**
 * The built package (dist/, run `npm run build` first) copied into `dir`/node_modules/mocklib
 * with the files npm would publish, without packing: quick enough for one test file. A copy,
 * not a link, so bundlers see mocklib inside node_modules as they do once it is installed.
 */
export function installBuilt(dir, links = []) {
  const target = join(dir, 'node_modules', 'mocklib')
  mkdirSync(target, { recursive: true })
  for (const file of ['package.json', ...pkg.files])
    cpSync(join(repoRoot, file), join(target, file), { recursive: true })
  linkDependencies(join(dir, 'node_modules'), links)
}

/**
 * A project where the tarball is installed by a real `npm install` and nothing else: the
 * dependencies come from the registry (or npm's cache) as a user gets them. npm runs on this
 * Node (process.execPath), so its choice among versions by their "engines" is this Node's.
 * `dependencies` are the project's own, installed by the same `npm install` (npm checks
 * mocklib's peer ranges against them).
 */
export function installAlone(workDir, name, tarball, dependencies = {}) {
  const dir = join(workDir, name)
  mkdirSync(dir, { recursive: true })
  for (const entry of readdirSync(fixturesRoot, { withFileTypes: true })) {
    if (entry.isDirectory()) cpSync(join(fixturesRoot, entry.name), join(dir, entry.name), { recursive: true })
  }
  const manifest = {
    name: `mocklib-consumer-${name}`,
    private: true,
    dependencies: { ...dependencies, mocklib: `file:${tarball}` },
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2))
  const args = [npmCli(), 'install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts']
  const result = spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`npm install of the tarball failed:\n${result.stdout}\n${result.stderr}`)
  return dir
}

/** npm's own script (the `npm` on PATH, links followed), to run it on a chosen Node. */
export function npmCli() {
  const which = spawnSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' })
  if (which.status !== 0) throw new Error('npm is not on PATH')
  return realpathSync(which.stdout.trim())
}

export function createWorkDir() {
  return mkdtempSync(join(tmpdir(), 'mocklib-packaging-'))
}

export function removeWorkDir(dir) {
  rmSync(dir, { recursive: true, force: true })
}
