import type { GraphQLResponseBody, GraphQLResponseError } from '../graphql/types'
import type { WebSocketServerConnectionProtocol } from '../ws/types'
import { PassthroughSubscription } from './passthrough-subscription'
import type { LiveSubscription } from './subscription-handle'

interface Relayed {
  readonly live: LiveSubscription
  readonly relay: PassthroughSubscription
}

/**
 * The real graphql-transport-ws server behind one mocked connection, opened by the first
 * `subscription.passthrough()` on it. It sends the client's `connection_init` payload, subscribes
 * with each passed-through subscription's id and document once acknowledged, and relays the
 * server's `next`, `error` and `complete` messages for those ids, each first to the listeners of
 * the subscription's `PassthroughSubscription` (which may keep it from the client). Nothing else
 * crosses: the session keeps the client's frames from the real server and the real server's from the client.
 */
export class PassthroughConnection {
  readonly #server: WebSocketServerConnectionProtocol
  readonly #url: string
  readonly #relayed = new Map<string, Relayed>()
  /** Subscribe messages waiting for the real server's `connection_ack`. */
  #waiting: string[] | undefined = []
  /** The real server's `connection_ack` payload, once it came. */
  #ack: { payload: Record<string, unknown> | undefined } | undefined
  #gone = false

  constructor(server: WebSocketServerConnectionProtocol, url: string, initPayload: Record<string, unknown>) {
    this.#server = server
    this.#url = url
    server.addEventListener('message', (event) => {
      event.preventDefault()
      this.#receive(event.data)
    })
    server.addEventListener('close', (event) => {
      event.preventDefault()
      this.#lost(`closed the connection (code ${event.code}${event.reason === '' ? '' : `, "${event.reason}"`})`)
    })
    server.addEventListener('error', (event) => {
      event.preventDefault()
      this.#lost('could not be reached')
    })
    server.connect()
    server.send(JSON.stringify({ type: 'connection_init', payload: initPayload }))
  }

  subscribe(live: LiveSubscription): PassthroughSubscription {
    const id = live.subscriptionId
    const relay = new PassthroughSubscription(live.operationName, () => this.#unsubscribe(id))
    if (this.#gone) {
      live.error([{ message: this.#lostMessage('is gone') }])
      return relay
    }
    this.#relayed.set(id, { live, relay })
    // The client stopped it (or the socket closed): the real server stops too.
    live.onStop(() => this.#unsubscribe(id))
    const { query, operationName, variables, extensions } = live.operation
    const message = JSON.stringify({
      id,
      type: 'subscribe',
      payload: { query, operationName: operationName || undefined, variables, extensions },
    })
    if (this.#waiting === undefined) this.#server.send(message)
    else this.#waiting.push(message)
    // Acknowledged before this subscription came: its listeners, added once passthrough() returns, hear of it.
    const ack = this.#ack
    if (ack !== undefined)
      queueMicrotask(() => this.#relayed.get(id)?.relay.dispatch('connection_ack', ackMessage(ack.payload)))
    return relay
  }

  /** The real subscription stops; nothing more of it reaches the client. */
  #unsubscribe(id: string): void {
    if (this.#relayed.delete(id) && !this.#gone) this.#server.send(JSON.stringify({ id, type: 'complete' }))
  }

  /** The client's socket closed. */
  close(): void {
    this.#gone = true
    this.#relayed.clear()
    this.#server.close()
  }

  #receive(data: unknown): void {
    let message: { type?: unknown; id?: unknown; payload?: unknown }
    try {
      message = JSON.parse(String(data)) as typeof message
    } catch {
      return
    }
    if (message.type === 'connection_ack') {
      for (const waiting of this.#waiting ?? []) this.#server.send(waiting)
      this.#waiting = undefined
      const payload = message.payload as Record<string, unknown> | undefined
      this.#ack = { payload }
      for (const { relay } of [...this.#relayed.values()]) relay.dispatch('connection_ack', ackMessage(payload))
      return
    }
    if (message.type === 'ping') return this.#server.send(JSON.stringify({ type: 'pong' }))
    const id = message.id
    const relayed = typeof id === 'string' ? this.#relayed.get(id) : undefined
    if (relayed === undefined || typeof id !== 'string') return
    const { live, relay } = relayed
    // Listeners get the message itself (MSW 3.0's event.data); what they change in it is what the client gets.
    if (message.type === 'next') {
      const next = { type: 'next' as const, id, payload: message.payload as GraphQLResponseBody<object | null> }
      if (relay.dispatch('next', next)) live.publish(next.payload)
      return
    }
    if (message.type !== 'error' && message.type !== 'complete') return
    this.#relayed.delete(id)
    if (message.type === 'complete') {
      if (relay.dispatch('complete', { type: 'complete', id })) live.complete()
      return
    }
    const errors: readonly GraphQLResponseError[] = Array.isArray(message.payload)
      ? message.payload
      : [{ message: String(message.payload) }]
    if (relay.dispatch('error', { type: 'error', id, payload: errors })) live.error(errors)
  }

  /** The real connection ended: each passed-through subscription ends with an error saying so. */
  #lost(why: string): void {
    if (this.#gone) return
    this.#gone = true
    const message = this.#lostMessage(why)
    for (const { live, relay } of [...this.#relayed.values()]) {
      const id = live.subscriptionId
      this.#relayed.delete(id)
      if (relay.dispatch('error', { type: 'error', id, payload: [{ message }] })) live.error([{ message }])
    }
  }

  #lostMessage(why: string): string {
    return `subscription.passthrough(): the real server at ${this.#url} ${why}, so the subscription ended.`
  }
}

function ackMessage(payload: Record<string, unknown> | undefined): {
  type: 'connection_ack'
  payload?: Record<string, unknown>
} {
  return payload === undefined ? { type: 'connection_ack' } : { type: 'connection_ack', payload }
}
