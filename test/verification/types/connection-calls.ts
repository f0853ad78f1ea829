// Type tests (scripts/suite-types.mjs, TypeScript 5.9 and the newest): the calls of WebSocket and
// GraphQL subscription handlers, the history's frames and batch parts, and near misses are typed.
import type { TypedDocumentNode } from '@graphql-typed-document-node/core'
import { expect } from 'vitest'
import 'mocklib/vitest'
import {
  graphql,
  ws,
  type HistoryEntry,
  type HistoryFrame,
  type NearMiss,
  type NearMissReason,
  type RequestHandler,
  type UnhandledPart,
} from 'mocklib'
import { setupServer } from 'mocklib/node'

const chat = ws.link<{ room: string }>('wss://chat.test/rooms/:room').addEventListener('connection', () => {})
// A ws handler's call is a connection: the URL's params and the protocols the client asked for.
const room: string = chat.calls[0].params.room
const protocols: string | string[] | undefined = chat.calls[0].info.protocols
const switched: number | undefined = chat.calls[0].response?.status
const handshake: Request = chat.calls[0].request
// @ts-expect-error: the link's params have no such key
void chat.calls[0].params.user.length
// @ts-expect-error: a connection has no GraphQL variables
void chat.calls[0].variables
expect(chat).toHaveBeenRequestedWith({ params: { room: 'lobby' }, headers: { 'sec-websocket-protocol': 'chat' } })
// @ts-expect-error: not a param of the link
expect(chat).toHaveBeenRequestedWith({ params: { user: 'ann' } })

type OnPostAdded = { postAdded: { id: string } }
declare const OnPostAddedDocument: TypedDocumentNode<OnPostAdded, { feed: string }>
const onPostAdded = graphql.subscription(OnPostAddedDocument, () => {})
// A subscription handler's call is a subscription: its operation, typed by the document.
const feed: string = onPostAdded.calls[0].variables.feed
const operationName: string = onPostAdded.calls[0].operationName
const query: string = onPostAdded.calls[0].query
const extensions: Record<string, unknown> | undefined = onPostAdded.calls[0].extensions
// @ts-expect-error: the document has no such variable
void onPostAdded.calls[0].variables.room.length
expect(onPostAdded).toHaveBeenRequestedWith({ operationName: 'OnPostAdded', variables: { feed: 'news' } })
// @ts-expect-error: feed is a string
expect(onPostAdded).toHaveBeenRequestedWith({ variables: { feed: 1 } })

const server = setupServer(chat, onPostAdded)
const entry: HistoryEntry<RequestHandler> = server.history[0]
const frames: readonly HistoryFrame[] = entry.frames
const direction: 'in' | 'out' = frames[0].direction
const parts: ReadonlyArray<UnhandledPart<RequestHandler>> = entry.unhandledParts
const partIndex: number = parts[0].index
const miss: NearMiss<RequestHandler> | undefined = entry.nearMiss
const closest: RequestHandler | undefined = miss?.handler

/** Every kind of near miss narrows to its own fields. */
function describeReason(reason: NearMissReason): string {
  switch (reason.kind) {
    case 'method':
    case 'origin':
    case 'operation-type':
    case 'endpoint':
      return `${reason.expected} ${reason.received}`
    case 'path':
      return `${reason.segment} ${reason.expected ?? ''} ${reason.received ?? ''}`
    case 'query':
      return reason.name
    case 'operation-name':
      return `${reason.expected} ${reason.received} ${reason.distance.toFixed()}`
    case 'protocol': {
      const asked: string | undefined = reason.received
      // @ts-expect-error: a connection may ask for no subprotocol
      const always: string = reason.received
      return `${reason.expected} ${asked ?? always}`
    }
    case 'once':
      return 'spent'
    default: {
      const none: never = reason
      return none
    }
  }
}

export {
  room,
  protocols,
  switched,
  handshake,
  feed,
  operationName,
  query,
  extensions,
  direction,
  partIndex,
  closest,
  describeReason,
}
