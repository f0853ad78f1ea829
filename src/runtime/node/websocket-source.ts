import { WebSocketInterceptor } from '@mswjs/interceptors/WebSocket'
import { handleConnection } from '../../ws/handle-connection'
import type { PipelineOptions } from '../handle-request'
import type { HandlerList } from '../handler-list'

/**
 * The WebSocket half of the Node source: patches the global `WebSocket` (Node 22+, Node 20
 * with --experimental-websocket, jsdom) so connections go through the connection pipeline.
 * Where no global `WebSocket` exists, applying does nothing. The interceptor is created once
 * per server and re-applied on every listen().
 */
export class WebSocketSource {
  readonly #interceptor = new WebSocketInterceptor()

  constructor(
    private readonly getList: () => HandlerList,
    private readonly options: () => PipelineOptions,
  ) {}

  apply(): void {
    this.#interceptor.apply()
    this.#interceptor.on('connection', (connection) => handleConnection(connection, this.getList(), this.options()))
  }

  dispose(): void {
    this.#interceptor.dispose()
  }
}
