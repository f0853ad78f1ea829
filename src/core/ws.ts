// `mocklib/core/ws`: the names MSW's `msw/core/ws` exports, for code that imports them there.
// Like src/index.ts, it first installs the Fetch API classes under Jest's jsdom environment.
import '../runtime/fetch-globals'
export { ws } from '../ws/ws'
export type { WebSocketLink } from '../ws/ws'
export type { WebSocketData } from '../ws/types'
export type { WebSocketEventListener } from '../ws/connection-event'
