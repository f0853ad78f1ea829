// `mocklib/ws`: the names MSW 3's `msw/ws` exports (WebSocket handlers), for code written against it.
// Like src/index.ts, it first installs the Fetch API classes under Jest's jsdom environment.
import './runtime/fetch-globals'
export { ws } from './ws/ws'
export type { WebSocketLink } from './ws/ws'
export { WebSocketHandler } from './ws/websocket-handler'
export { WebSocketConnectionEvent } from './ws/connection-event'
export type { WebSocketEventListener, WebSocketHandlerEventMap } from './ws/connection-event'
export type { WebSocketData, WebSocketHandlerConnection } from './ws/types'
export type { WebSocketHandlerOptions } from './msw-type-names'
export { WebSocketExtension } from './ws/websocket-extension'
export type {
  AnyWebSocketExtension,
  WebSocketExtensionApi,
  WebSocketExtensionContext,
  WebSocketExtensionMessage,
  WebSocketExtensionMessageContext,
  WebSocketExtensionResult,
  WebSocketLinkApi,
  WebSocketLinkMessage,
  WebSocketLinkOptions,
} from './ws/websocket-extension'
export { SocketIo } from './ws/socket-io'
export type { SocketIoApi, SocketIoMessage, SocketIoRooms } from './ws/socket-io'
