import { handleConnection } from '../../ws/handle-connection'
import { patchWebSocket, type WebSocketPatch } from '../../ws/patch-websocket'
import { logWebSocket } from './log-websocket'
import type { PageRuntime } from './resolve-in-page'

/**
 * WebSockets in the page. A Service Worker never sees WebSocket traffic, so whichever source
 * mocks requests, the page's own `WebSocket` is replaced by mocklib's class (the one Node uses,
 * ws/patch-websocket.ts) while the worker is started, and its connections go through the
 * connection pipeline.
 */
export class PageWebSocketSource {
  #patch: WebSocketPatch | undefined

  constructor(private readonly runtime: PageRuntime) {}

  async start(): Promise<void> {
    this.#patch?.restore()
    this.#patch = patchWebSocket(globalThis as never, async (connection) => {
      const outcome = await handleConnection(connection, this.runtime.list(), this.runtime.pipeline())
      if (outcome.type === 'mocked' && !this.runtime.quiet()) logWebSocket(connection, outcome.handlers)
      return outcome
    })
  }

  stop(): void {
    this.#patch?.restore()
    this.#patch = undefined
  }
}
