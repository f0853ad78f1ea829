import { loadFileSystem } from '../runtime/load-file-system'
import type { Har } from './har'
import { recordMessages } from './messages'
import { stableStringify } from './stable-json'

/**
 * Where a test file's recording lives: `__recordings__/<test file name>.har` beside it, or
 * `__recordings__/<test file name>/<cassette>.har` for a named cassette. Pass
 * `import.meta.url` (or `__filename`).
 */
export function recordingFile(testFile: string | URL, cassette?: string): URL {
  const url = typeof testFile === 'string' && !/^file:/i.test(testFile) ? fileUrl(testFile) : new URL(testFile)
  const base = decodeURIComponent(url.pathname.slice(url.pathname.lastIndexOf('/') + 1))
  const relative = cassette === undefined ? `${base}.har` : `${base}/${cassette}.har`
  return new URL(`__recordings__/${relative.split('/').map(encodeURIComponent).join('/')}`, url)
}

function fileUrl(path: string): URL {
  const slashed = path.replace(/\\/g, '/')
  return new URL(`file://${slashed.startsWith('/') ? '' : '/'}${slashed.split('/').map(encodeURIComponent).join('/')}`)
}

async function fileSystem() {
  try {
    return await loadFileSystem()
  } catch (error) {
    // eslint-disable-next-line mocklib/coded-argument-errors -- the platform has no file system, not an argument
    throw new Error(recordMessages.needsFileSystem(), { cause: error })
  }
}

/** Resolves a file option to an absolute path (relative paths start at the working directory). */
export async function resolveFile(file: string | URL): Promise<string> {
  const { path, url } = await fileSystem()
  return file instanceof URL || /^file:/i.test(file) ? url.fileURLToPath(file) : path.resolve(file)
}

/** The HAR in a file; undefined when there is no file yet. */
export async function readHarFile(file: string): Promise<Har | undefined> {
  const { fs } = await fileSystem()
  let text: string
  try {
    text = await fs.readFile(file, 'utf8')
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return undefined
    throw error
  }
  try {
    return checkHar(JSON.parse(text), file)
  } catch (error) {
    // eslint-disable-next-line mocklib/coded-argument-errors -- a recording file's content, not an argument
    if (error instanceof SyntaxError) throw new Error(recordMessages.notHar(file, error.message), { cause: error })
    throw error
  }
}

/** Writes a HAR with sorted keys and a final newline, creating folders as needed. */
export async function writeHarFile(file: string, har: Har): Promise<void> {
  const { fs, path } = await fileSystem()
  await fs.mkdir(path.dirname(file), { recursive: true })
  await fs.writeFile(file, `${stableStringify(har, 2)}\n`)
}

/** Refuses what is not a HAR (a JSON file of another kind), naming what is wrong. */
export function checkHar(value: unknown, where: string): Har {
  const log = (value as { log?: { entries?: unknown } } | null)?.log
  // eslint-disable-next-line mocklib/coded-argument-errors -- a recording file's content, not an argument
  if (typeof log !== 'object' || log === null) throw new Error(recordMessages.notHar(where, 'it has no "log" object'))
  // eslint-disable-next-line mocklib/coded-argument-errors -- a recording file's content, not an argument
  if (!Array.isArray(log.entries)) throw new Error(recordMessages.notHar(where, 'its "log" has no "entries" list'))
  return value as Har
}
