// mocklib/experimental: MSW 3's preview network API (msw/experimental). Custom sources queue
// frames; defineNetwork() resolves HTTP frames with mocklib's handlers and pipeline.
import './runtime/fetch-globals'
export { defineNetwork, NetworkReadyState } from './sources/network/define-network'
export type { DefineNetworkOptions, NetworkApi } from './sources/network/define-network'
export { networkFromSetup } from './sources/network/setup-network'
export type { SetupLifecycle, SetupNetwork, SetupNetworkOptions } from './sources/network/setup-network'
export { NetworkSource } from './sources/network/network-source'
export type { NetworkFrameEvent, NetworkFrameListener } from './sources/network/network-source'
export { HttpNetworkFrame, NetworkFrame } from './sources/network/network-frame'
export type {
  AnyNetworkFrame,
  HttpNetworkFrameData,
  HttpNetworkFrameOptions,
  NetworkFrameResolutionContext,
} from './sources/network/network-frame'
export { HandlersController, InMemoryHandlersController } from './sources/network/handlers-controller'
