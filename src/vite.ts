// The `mocklib/vite` entry (MSW 3's msw/vite): a Vite plugin that serves the worker script in
// development and emits it in builds, and provides `virtual:mocklib`, whose types (mocklib/vite/client)
// come with this entry's declarations (tsdown.config.ts writes the reference into them).
export { mocklib, mocklib as msw } from './vite/plugin'
export type { MocklibPluginOptions, MocklibPluginOptions as MswPluginOptions } from './vite/plugin'
