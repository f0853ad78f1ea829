/** A `subscribe` message, checked. */
export interface SubscribeMessage {
  type: 'subscribe'
  id: string
  payload: {
    query: string
    operationName?: string
    variables?: Record<string, unknown>
    extensions?: Record<string, unknown>
  }
}

/** A `connection_init` message: its payload is what clients call connection params. */
export interface ConnectionInitMessage {
  type: 'connection_init'
  payload: Record<string, unknown>
}

export type ClientMessage =
  | ConnectionInitMessage
  | { type: 'ping' | 'pong' }
  /** The legacy protocol's `connection_terminate`. */
  | { type: 'terminate' }
  | { type: 'complete'; id: string }
  | SubscribeMessage

/** A client frame as a JSON object with a string `type`, or why it is not one. */
export function parseFrame(data: unknown, protocol: string): { type: string; [key: string]: unknown } | string {
  if (typeof data !== 'string') return `Invalid message received: ${protocol} messages are JSON text`
  let value: unknown
  try {
    value = JSON.parse(data)
  } catch {
    return 'Invalid message received: not JSON'
  }
  if (!isRecord(value) || typeof value.type !== 'string') return 'Invalid message received: no "type"'
  return value as { type: string }
}

/**
 * A graphql-transport-ws message from the client, or why it is invalid (the close reason for
 * code 4400). Only fields the protocol defines are checked.
 */
export function readClientMessage(data: unknown): ClientMessage | string {
  const value = parseFrame(data, 'graphql-transport-ws')
  return typeof value === 'string' ? value : checkClientMessage(value)
}

/** A parsed frame checked as a graphql-transport-ws message. */
export function checkClientMessage(value: { type: string; [key: string]: unknown }): ClientMessage | string {
  const { type } = value
  if (type === 'connection_init') {
    if (!optionalRecord(value.payload)) return 'Invalid message received: "connection_init" payload must be an object'
    return { type, payload: (value.payload ?? {}) as Record<string, unknown> }
  }
  if (type === 'ping' || type === 'pong') return { type }
  if (typeof value.id !== 'string' || value.id === '') {
    return type === 'complete' || type === 'subscribe'
      ? `Invalid message received: "${type}" needs an "id"`
      : `Invalid message received: unknown type "${type}"`
  }
  if (type === 'complete') return { type, id: value.id }
  if (type !== 'subscribe') return `Invalid message received: unknown type "${type}"`
  const payload = value.payload
  if (!isRecord(payload) || typeof payload.query !== 'string')
    return 'Invalid message received: "subscribe" needs payload.query'
  if (
    !optional(payload.operationName, 'string') ||
    !optionalRecord(payload.variables) ||
    !optionalRecord(payload.extensions)
  ) {
    return 'Invalid message received: "subscribe" payload has a malformed operationName, variables or extensions'
  }
  return {
    type,
    id: value.id,
    payload: {
      query: payload.query,
      operationName: (payload.operationName ?? undefined) as string | undefined,
      variables: (payload.variables ?? undefined) as Record<string, unknown> | undefined,
      extensions: (payload.extensions ?? undefined) as Record<string, unknown> | undefined,
    },
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function optional(value: unknown, type: 'string'): boolean {
  return value == null || typeof value === type
}

function optionalRecord(value: unknown): boolean {
  return value == null || isRecord(value)
}
