// The `mocklib/node` entry: request interception for Node processes and test runners.
export { setupServer } from './runtime/node/setup-server'
export type { ListenOptions, SetupServer } from './runtime/node/setup-server'
