// The `mocklib/native` entry: request interception for React Native, whose realm has no Node
// modules and no Service Worker. fetch and XMLHttpRequest are patched in place (MSW's msw/native).
export { setupServer } from './sources/native/setup-server'
export type { NativeListenOptions as ListenOptions, SetupServerCommon } from './sources/native/setup-server'
