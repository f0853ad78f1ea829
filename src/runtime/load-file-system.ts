import { hasExport, loadModule } from './load-module'

declare const require: (id: string) => unknown

/**
 * Node's file system, path and URL modules, for what reads files (schema files, recordings, OpenAPI
 * documents); the same module-format rule as the peer packages (load-module.ts). Rejects where
 * there is no file system: each caller says what to do instead.
 */
export async function loadFileSystem(): Promise<{
  fs: typeof import('node:fs/promises')
  path: typeof import('node:path')
  url: typeof import('node:url')
}> {
  const [fs, path, url] = await Promise.all([
    loadModule<typeof import('node:fs/promises')>(
      'node:fs/promises',
      { require: () => require('node:fs/promises'), import: () => import('node:fs/promises') },
      hasExport('readFile'),
    ),
    loadModule<typeof import('node:path')>(
      'node:path',
      { require: () => require('node:path'), import: () => import('node:path') },
      hasExport('resolve'),
    ),
    loadModule<typeof import('node:url')>(
      'node:url',
      { require: () => require('node:url'), import: () => import('node:url') },
      hasExport('fileURLToPath'),
    ),
  ])
  return { fs, path, url }
}
