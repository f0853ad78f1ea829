// The code of `virtual:mocklib`, one module per kind of environment: a page gets a network over
// setupWorker() (the worker script at the URL the plugin serves), server code one over
// setupServer(). Both import mocklib by its package name, so the app's one copy of it is used.
export const VIRTUAL_MODULE_ID = 'virtual:mocklib'

export function browserNetworkModule(workerUrl: string): string {
  return `import { setupWorker } from 'mocklib/browser'
import { networkFromSetup } from 'mocklib/experimental'

const worker = setupWorker()
export const network = networkFromSetup(worker, {
  enable: ({ onUnhandledFrame, quiet }) =>
    worker.start({ serviceWorker: { url: ${JSON.stringify(workerUrl)} }, onUnhandledFrame, quiet }),
  disable: () => worker.stop(),
})
`
}

export function serverNetworkModule(): string {
  return `import { setupServer } from 'mocklib/node'
import { networkFromSetup } from 'mocklib/experimental'

const server = setupServer()
export const network = networkFromSetup(server, {
  enable: ({ onUnhandledFrame }) => server.listen({ onUnhandledFrame }),
  disable: () => server.close(),
})
// A full reload evaluates the server code anew, this module included: the old network stops
// before the new one starts. (A page reloads whole, its worker going with it.)
import.meta.hot?.on('vite:beforeFullReload', () => network.disable())
`
}
