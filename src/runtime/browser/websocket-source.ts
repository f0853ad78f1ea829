import type { WebSocketInterceptor } from '@mswjs/interceptors/WebSocket'
import { handleConnection } from '../../ws/handle-connection'
import { logWebSocket } from './log-websocket'
import type { PageRuntime } from './resolve-in-page'

/**
 * WebSockets in the page. A Service Worker never sees WebSocket traffic, so whichever source
 * mocks requests, the page's own `WebSocket` is patched while the worker is started and its
 * connections go through the connection pipeline. The interceptor is loaded on first start.
 */
export class PageWebSocketSource {
  #interceptor: WebSocketInterceptor | undefined

  constructor(private readonly runtime: PageRuntime) {}

  async start(): Promise<void> {
    if (this.#interceptor === undefined) {
      const { WebSocketInterceptor } = await import('@mswjs/interceptors/WebSocket')
      this.#interceptor = new WebSocketInterceptor()
    }
    const interceptor = this.#interceptor
    interceptor.apply()
    interceptor.on('connection', async (connection) => {
      const outcome = await handleConnection(connection, this.runtime.list(), this.runtime.pipeline())
      if (outcome.type === 'mocked' && !this.runtime.quiet()) logWebSocket(connection, outcome.handlers)
    })
  }

  stop(): void {
    this.#interceptor?.dispose()
  }
}
