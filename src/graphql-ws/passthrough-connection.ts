import type { WebSocketServerConnectionProtocol } from '../ws/types'
import type { LiveSubscription } from './subscription-handle'

/**
 * The real graphql-transport-ws server behind one mocked connection, opened by the first
 * `subscription.passthrough()` on it. It sends the client's `connection_init` payload, subscribes
 * with each passed-through subscription's id and document once acknowledged, and relays the
 * server's `next`, `error` and `complete` messages for those ids. Nothing else crosses: the
 * session keeps the client's frames from the real server and the real server's from the client.
 */
export class PassthroughConnection {
  readonly #server: WebSocketServerConnectionProtocol
  readonly #url: string
  readonly #relayed = new Map<string, LiveSubscription>()
  /** Subscribe messages waiting for the real server's `connection_ack`. */
  #waiting: string[] | undefined = []
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

  subscribe(live: LiveSubscription): void {
    const id = live.subscriptionId
    if (this.#gone) return live.error([{ message: this.#lostMessage('is gone') }])
    this.#relayed.set(id, live)
    // The client stopped it (or the socket closed): the real server stops too.
    live.onStop(() => {
      if (this.#relayed.delete(id) && !this.#gone) this.#server.send(JSON.stringify({ id, type: 'complete' }))
    })
    const { query, operationName, variables, extensions } = live.operation
    const message = JSON.stringify({ id, type: 'subscribe', payload: { query, operationName: operationName || undefined, variables, extensions } })
    if (this.#waiting === undefined) this.#server.send(message)
    else this.#waiting.push(message)
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
      return
    }
    if (message.type === 'ping') return this.#server.send(JSON.stringify({ type: 'pong' }))
    const live = typeof message.id === 'string' ? this.#relayed.get(message.id) : undefined
    if (live === undefined) return
    if (message.type === 'next') return live.publish(message.payload as never)
    if (message.type !== 'error' && message.type !== 'complete') return
    this.#relayed.delete(live.subscriptionId)
    if (message.type === 'complete') live.complete()
    else live.error(Array.isArray(message.payload) ? message.payload : [{ message: String(message.payload) }])
  }

  /** The real connection ended: each passed-through subscription ends with an error saying so. */
  #lost(why: string): void {
    if (this.#gone) return
    this.#gone = true
    const message = this.#lostMessage(why)
    for (const live of [...this.#relayed.values()]) {
      this.#relayed.delete(live.subscriptionId)
      live.error([{ message }])
    }
  }

  #lostMessage(why: string): string {
    return `subscription.passthrough(): the real server at ${this.#url} ${why}, so the subscription ended.`
  }
}
