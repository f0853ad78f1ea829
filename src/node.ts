// The `mocklib/node` entry: request interception for Node processes and test runners.
// First: under Jest's jsdom environment this installs the Fetch API classes everything below extends.
import './runtime/fetch-globals'
export { setupServer, SetupServerApi } from './sources/node-setup/setup-server'
export type { BoundaryOptions, ListenOptions, SetupServer } from './sources/node-setup/setup-server'
export type { CustomInterceptor } from './sources/node/custom-interceptors'
export type { ComposableDispatcher, NodeSource } from './sources/node-setup/setup-server'
export { ControlClient, ControlError } from './control/control-client'
export type { ControlClientOptions } from './control/control-client'
export type { ProblemDetails } from './control/problem'
export type {
  BodyText,
  ControlEvent,
  HandlerInfo,
  HealthInfo,
  HistoryFrame,
  HistoryReason,
  RecordedNearMiss,
  RequestDetails,
  RequestRecord,
  ScenarioInfo,
  UseSpec,
} from './control/resources'
export { createMockServer, MockServer } from './server/mock-server'
export type { MockServerListenOptions } from './server/mock-server'
export type { PublishTarget } from './server/publish-target'
export type { RequestHistory, HistoryListener, HistoryOptions } from './server/request-history'
export type { Scenarios } from './server/handler-control'
export { createMiddleware } from './server/middleware'
export type { Middleware, MiddlewareRequest, MiddlewareResponse } from './server/middleware'
export { setupRemoteServer, SetupRemoteServerApi } from './remote/remote-server'
export type { RemoteListenOptions, SetupRemoteServer } from './remote/remote-server'
export type { RemoteScope } from './remote/remote-scope'
export type { RemoteFallback, RemoteOptions } from './remote/remote-options'
