// `mocklib/sse`: the names MSW 3's `msw/sse` exports (server-sent events), for code written against it.
// Like src/index.ts, it first installs the Fetch API classes under Jest's jsdom environment.
import './runtime/fetch-globals'
export { sse } from './sse/sse'
export type { ServerSentEventRequestHandler } from './sse/sse'
export type { ServerSentEventResolver } from './sse/sse-handler'
export type { ServerSentEventMessage } from './sse/sse-client'
export type { ServerSentEventResolverExtras } from './msw-type-names'
