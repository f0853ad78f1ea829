// The `mocklib/browser` entry: request interception in a web page through a Service Worker.
export { setupWorker } from './runtime/browser/setup-worker'
export type { SetupWorker, StartOptions } from './runtime/browser/setup-worker'
