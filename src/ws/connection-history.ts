import type { PathParams } from '../rest/path-pattern'
import { toBase64 } from '../runtime/base64'
import type { FrameData } from '../runtime/history-frame'
import { RequestNotes, type CallHistory, type RecordedResponse } from '../runtime/call-history'
import type { HandlerShape } from '../runtime/handler-shape'
import type { NearMiss } from '../runtime/near-miss'
import type { WebSocketData } from './types'
import type { WebSocketConnection } from './websocket-connection'

/**
 * A WebSocket connection in its scope's history, as a request is: one entry per connection (its
 * handshake as the request), one call per `ws` handler that took it (so `handler.calls` counts
 * connections), and the messages both ways as `frames`, growing while it is open. A handler
 * that carries its WebSocket side (a GraphQL subscription handler) notes a call per
 * subscription instead (subscriptions/subscription-history.ts).
 */
export class ConnectionNotes {
  readonly #notes: RequestNotes
  readonly #request: Request
  readonly #switched: RecordedResponse
  /** The listed handlers that took it, in list order. */
  readonly #took: HandlerShape[] = []

  readonly #history: CallHistory
  #settled = false

  constructor(raw: WebSocketConnection, request: Request, history: CallHistory) {
    this.#request = request
    this.#history = history
    this.#notes = new RequestNotes(request, raw.id)
    // The handshake's answer, as on the wire: a mocked connection is switched to the protocol.
    this.#switched = { status: 101, headers: new Headers({ connection: 'upgrade', upgrade: 'websocket' }) }
    raw.onFrame = (direction, data) => noteFrame(this.#notes, direction, data)
  }

  /** `listed` took the connection; `isCall`: it is its call (else the handler notes what it serves on it). */
  took(listed: HandlerShape, isCall: boolean, params: PathParams, protocols: string | string[] | undefined): void {
    this.#took.push(listed)
    if (!isCall) return
    const data = { params, info: { protocols } }
    this.#notes.call(listed, data, data, this.#request, this.#switched, false, Date.now())
  }

  /** No handler took it: the ones that came closest, closest first. */
  missed(nearMisses: readonly NearMiss[]): void {
    this.#notes.nearMisses = nearMisses
  }

  /**
   * What became of it, added to the history once: handlers took it (the first answers), one of
   * them threw (the last to take it), or none took it (it went to the network, or the unhandled
   * strategy refused it).
   */
  settle(outcome: { type: 'mocked' | 'passthrough' | 'failed' }): void {
    if (this.#settled) return
    this.#settled = true
    const notes = this.#notes
    const took = this.#took
    if (outcome.type === 'mocked') notes.answered(took[0], this.#switched)
    else if (outcome.type === 'failed' && took.length > 0) {
      notes.handler = took[took.length - 1]
      notes.reason = 'exception'
    } else notes.reason = 'unhandled'
    this.#history.add(notes)
  }
}

/** A message as a frame: text as it is, bytes in base64 (a Blob's once read, in its place). */
function noteFrame(notes: RequestNotes, direction: 'in' | 'out', data: WebSocketData): void {
  if (typeof Blob === 'undefined' || !(data instanceof Blob)) {
    notes.frame(direction, data as FrameData)
    return
  }
  const frame = notes.frame(direction, new Uint8Array(0))
  if (frame !== undefined) void data.arrayBuffer().then((bytes) => (frame.data = toBase64(new Uint8Array(bytes))))
}
