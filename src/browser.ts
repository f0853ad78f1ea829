// The `mocklib/browser` entry: request interception in a web page through a Service Worker
// (or, where Service Workers are unavailable, inside the page). Importing it in Node is safe;
// calling setupWorker() there throws and points to `mocklib/node`.
export { setupWorker, SetupWorkerApi, DEFAULT_WORKER_URL } from './sources/browser/setup-worker'
export type { SetupWorker, StartOptions } from './sources/browser/setup-worker'
export { WORKER_CHECKSUM } from './sources/browser/worker/integrity'
