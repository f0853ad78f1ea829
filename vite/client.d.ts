// The types of `virtual:mocklib`, the module mocklib/vite's plugin provides. mocklib/vite refers to
// this file; an app whose TypeScript program does not include vite.config.ts adds
// `/// <reference types="mocklib/vite/client" />` to one of its declaration files.
declare module 'virtual:mocklib' {
  import type { SetupNetwork } from 'mocklib/experimental'

  /** MSW 3's network API over setupWorker() in a page and setupServer() in server code. */
  export const network: SetupNetwork
}
