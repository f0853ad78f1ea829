// The Vite plugin (mocklib/vite): the dev server serves the worker script, and a client build
// that mocks emits it beside its bundle, so a Vite app or Vitest Browser Mode needs no
// `mocklib init` and no copy of the script in public/. It also provides the `virtual:mocklib`
// module (its types: mocklib/vite/client), whose `network` starts setupWorker() in a page and
// setupServer() in server code.
import type { Plugin, ResolvedConfig } from 'vite'
// bin/ holds it (plain JavaScript, declared in worker-script.d.mts) for `mocklib init`.
import { readWorkerScript, WORKER_FILE_NAME } from '../../bin/worker-script.mjs'
import { browserNetworkModule, serverNetworkModule, VIRTUAL_MODULE_ID } from './virtual-module'

export interface MocklibPluginOptions {
  /**
   * `'auto'`: the `virtual:mocklib` module is available, and a client build emits the worker
   * script when its bundle imports `virtual:mocklib` or `mocklib/browser` (code behind
   * `import.meta.env.DEV` drops both, and the script with them).
   * `'worker-only'`: no virtual module; every client build emits the script. Default: `'auto'`.
   */
  mode?: 'auto' | 'worker-only'
}

const RESOLVED_VIRTUAL_ID = `\0${VIRTUAL_MODULE_ID}`
const MODES = ['auto', 'worker-only']

/**
 * A Vite plugin that serves mocklib's worker script in development and emits it in builds:
 * `plugins: [mocklib()]` in vite.config.ts (or vitest.config.ts for Browser Mode).
 */
export function mocklib(options: MocklibPluginOptions = {}): Plugin {
  const mode = options.mode ?? 'auto'
  if (!MODES.includes(mode)) {
    // Node-side build tooling, loaded by Vite's config: mocklib's coded errors live in the
    // page-side bundles, which this plugin must not pull in.
    // eslint-disable-next-line mocklib/coded-argument-errors -- see above
    throw new TypeError(`[mocklib] mocklib({ mode }) received ${JSON.stringify(mode)}: use 'auto' or 'worker-only'.`)
  }
  // Where the dev server answers with the script, and the URL the virtual module registers.
  let workerPath = `/${WORKER_FILE_NAME}`
  let workerUrl = workerPath
  let script: Promise<string> | undefined
  const workerScript = () => (script ??= readWorkerScript() as Promise<string>)
  // Client environments whose build imported what needs the worker.
  const mocking = new Set<string>()
  let browserEntry: string | undefined

  return {
    name: 'mocklib',
    config: () =>
      // The virtual module's imports, optimized with the rest of mocklib before the first page
      // loads: met later, they would make Vite optimize again and reload the page.
      mode === 'auto' ? { optimizeDeps: { include: ['mocklib/browser', 'mocklib/experimental'] } } : undefined,
    configResolved(config: ResolvedConfig) {
      workerPath = `${basePath(config.base)}${WORKER_FILE_NAME}`
      // A relative base ('./') keeps the build movable: the page registers the script beside it.
      workerUrl = config.base.startsWith('.') ? `${config.base}${WORKER_FILE_NAME}` : workerPath
    },
    async buildStart() {
      if (this.environment.config.consumer !== 'client') return
      browserEntry = (await this.resolve('mocklib/browser'))?.id
    },
    resolveId(id) {
      if (mode === 'auto' && id === VIRTUAL_MODULE_ID) return RESOLVED_VIRTUAL_ID
    },
    load(id) {
      if (mode !== 'auto' || id !== RESOLVED_VIRTUAL_ID) return
      if (this.environment.config.consumer === 'server') return serverNetworkModule()
      mocking.add(this.environment.name)
      return browserNetworkModule(workerUrl)
    },
    transform(_code, id) {
      if (id === browserEntry) mocking.add(this.environment.name)
    },
    async generateBundle() {
      if (this.environment.config.consumer !== 'client') return
      if (mode === 'auto' && !mocking.has(this.environment.name)) return
      this.emitFile({ type: 'asset', fileName: WORKER_FILE_NAME, source: await workerScript() })
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (new URL(request.url ?? '/', 'http://localhost').pathname !== workerPath) return next()
        workerScript().then((text) => {
          response.writeHead(200, {
            'content-type': 'text/javascript; charset=utf-8',
            // Each start() checks the script for an update: never a stale copy from the cache.
            'cache-control': 'no-cache',
            'service-worker-allowed': '/',
          })
          response.end(text)
        }, next)
      })
    },
  }
}

/** The path the app is served under: `base` as a path ('/' for a relative base such as './'). */
function basePath(base: string): string {
  const path = new URL(base, 'http://localhost/').pathname
  return path.endsWith('/') ? path : `${path}/`
}
