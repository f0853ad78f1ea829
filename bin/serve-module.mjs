// `mocklib serve <module>`: loading the user's module (TypeScript too) and reading its exports
// as handlers and scenarios. TypeScript goes through tsx's register API (an optional peer) or
// Node's own type stripping; each load uses a fresh tsx namespace, so a reload (--watch) sees
// edits to the module and to everything it imports.
import { existsSync } from 'node:fs'
import { extname } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const BRAND = Symbol.for('mocklib.RequestHandler')
const EXTENSIONS = new Set(['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs'])
const TYPESCRIPT = new Set(['.ts', '.mts', '.cts'])

export class UsageError extends Error {}

const isHandler = (value) => value != null && typeof value === 'object' && value[BRAND] === true

async function loadTsx() {
  try {
    return await import('tsx/esm/api')
  } catch {
    return undefined
  }
}

/** Loads `file` again on each call; `files` are what it imported (for --watch). */
export async function moduleLoader(file) {
  if (!existsSync(file)) throw new UsageError(`There is no file ${file}. Give the module that exports your handlers.`)
  const extension = extname(file)
  if (!EXTENSIONS.has(extension)) {
    throw new UsageError(`${file} is not a module mocklib can load: use ${[...EXTENSIONS].join(', ')}.`)
  }
  const tsx = await loadTsx()
  const typescript = TYPESCRIPT.has(extension)
  if (typescript && tsx === undefined && !process.features?.typescript) {
    throw new UsageError(
      `Loading the TypeScript module ${file} on Node ${process.versions.node} needs tsx: run "npm install --save-dev tsx" ` +
        '(or use Node 22.18+, which strips types itself, or a .js/.mjs module).',
    )
  }
  const url = pathToFileURL(file).href
  let count = 0
  return async function load() {
    count++
    if (tsx === undefined) {
      // Without tsx only the module itself reloads (a query makes it a new module).
      return { namespace: await import(`${url}?mocklib-load=${count}`), files: [file] }
    }
    const files = new Set([file])
    const api = tsx.register({
      namespace: `mocklib-serve-${count}`,
      onImport: (imported) => {
        if (imported.startsWith('file:') && !imported.includes('/node_modules/'))
          files.add(fileURLToPath(imported.split('?')[0]))
      },
    })
    try {
      return { namespace: await api.import(url, import.meta.url), files: [...files] }
    } finally {
      await api.unregister()
    }
  }
}

/**
 * The module's handlers: `export default [...]` or `export const handlers = [...]`, plus any
 * handler exported by name. Other named arrays of handlers are scenarios.
 */
export function handlersOf(namespace, file) {
  const handlers = []
  const scenarios = {}
  const take = (name, value) => {
    if (isHandler(value)) return void handlers.push(value)
    if (!Array.isArray(value) || !value.some(isHandler)) return
    const wrong = value.findIndex((item) => !isHandler(item))
    if (wrong !== -1) {
      throw new UsageError(
        `${file}: the export "${name}" holds handlers and, at index ${wrong}, something else (${typeof value[wrong]}). Keep only handlers in it.`,
      )
    }
    if (name === 'default' || name === 'handlers') handlers.unshift(...value)
    else scenarios[name] = value
  }
  const entries = Object.entries(namespace)
  // A CommonJS module's exports arrive as `default` (an object) too.
  const commonJs = namespace.default
  if (commonJs && typeof commonJs === 'object' && !Array.isArray(commonJs) && !isHandler(commonJs)) {
    for (const [name, value] of Object.entries(commonJs)) if (!(name in namespace)) entries.push([name, value])
  }
  for (const [name, value] of entries) take(name, value)
  if (handlers.length === 0 && Object.keys(scenarios).length === 0) {
    throw new UsageError(
      `${file} exports no handlers. Export them as "export default [http.get(...), ...]" or ` +
        '"export const handlers = [...]" (named arrays of handlers become scenarios).',
    )
  }
  return { handlers, scenarios }
}
