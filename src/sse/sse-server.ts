import type { ServerSentEventClient } from './sse-client'
import { sseMessages } from './messages'
import { ServerSentEventSource } from './sse-source'

/** The real server behind a mocked event stream. Nothing reaches it unless `connect()` is called. */
export class ServerSentEventServer {
  readonly #request: Request
  readonly #client: ServerSentEventClient<never>
  readonly #header: string
  #source: ServerSentEventSource | undefined

  constructor(request: Request, client: ServerSentEventClient<never>, handlerHeader: string) {
    this.#request = request
    this.#client = client
    this.#header = handlerHeader
  }

  /**
   * Opens the real stream with the intercepted request (its headers, cookies, Last-Event-ID
   * and body), bypassing every handler. Its events are forwarded to the mocked client unless a
   * listener on the returned source calls `event.preventDefault()`.
   */
  connect(): ServerSentEventSource {
    // eslint-disable-next-line mocklib/coded-argument-errors -- connect() twice: a state error, not an argument
    if (this.#source !== undefined) throw new Error(sseMessages.connectTwice(this.#header))
    this.#source = new ServerSentEventSource(this.#request, this.#client)
    return this.#source
  }
}
