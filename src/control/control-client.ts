// The one client of the control protocol: tests, the Playwright fixture and scripts drive a
// mock server (or a remote endpoint) through it. It speaks plain fetch, so it runs anywhere fetch
// does; give it a `fetch` that is not intercepted when the calling process mocks its own fetch.
import { EventStreamParser, type ParsedEvent } from '../runtime/event-stream-parser'
import { isProblemDetails, type ProblemDetails } from './problem'
import { bearer, routes } from './protocol'
import type {
  ControlEvent,
  HandlerInfo,
  HealthInfo,
  RequestDetails,
  RequestRecord,
  ScenarioInfo,
  UseSpec,
} from './resources'

export interface ControlClientOptions {
  /** The server's origin, e.g. `http://127.0.0.1:9090` (a path after it is ignored). */
  url: string | URL
  token?: string
  fetch?: typeof globalThis.fetch
}

/** A control route answered with an error; `problem` is the server's problem document. */
export class ControlError extends Error {
  readonly problem: ProblemDetails

  constructor(problem: ProblemDetails) {
    super(`${problem.status} ${problem.title}: ${problem.detail}`)
    this.name = 'ControlError'
    this.problem = problem
  }
}

export class ControlClient {
  readonly origin: string
  readonly #token: string | undefined
  readonly #fetch: typeof globalThis.fetch

  constructor(options: ControlClientOptions) {
    this.origin = new URL(options.url).origin
    this.#token = options.token
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis)
  }

  health(): Promise<HealthInfo> {
    return this.#json('GET', routes.health)
  }

  handlers(): Promise<HandlerInfo[]> {
    return this.#json('GET', routes.handlers)
  }

  setEnabled(id: string, enabled: boolean): Promise<HandlerInfo> {
    return this.#json('PATCH', routes.handler(id), { enabled })
  }

  scenario(): Promise<ScenarioInfo> {
    return this.#json('GET', routes.scenario)
  }

  setScenario(name: string | null): Promise<ScenarioInfo> {
    return this.#json('PUT', routes.scenario, { name })
  }

  use(spec: UseSpec): Promise<{ id: string }> {
    return this.#json('POST', routes.use, spec)
  }

  reset(options: { scope?: string } = {}): Promise<{ ok: true }> {
    return this.#json('POST', routes.reset, options)
  }

  /**
   * Delivers `payload` as an event of the Subscription field `field` to the subscriptions of the
   * server's schema executor (`mocklib serve --schema`), once `subscribers` of them are active.
   * Resolves with how many got it.
   */
  publish(field: string, payload: unknown, options: { subscribers?: number } = {}): Promise<{ delivered: number }> {
    return this.#json('POST', routes.publish, { field, payload, ...options })
  }

  requests(): Promise<RequestRecord[]> {
    return this.#json('GET', routes.requests)
  }

  request(id: string): Promise<RequestDetails> {
    return this.#json('GET', routes.request(id))
  }

  /**
   * Opens a scope on a remote: one of its own (`{}`), or, on a hub, one another test process holds
   * (`{ scope, forward: { url, token } }`: the holder's scope id and remote).
   */
  openScope(spec: { scope?: string; forward?: { url: string; token: string } } = {}): Promise<{ scope: string }> {
    return this.#json('POST', routes.scopes, spec)
  }

  /** Ends a scope: its requests in flight fail, saying so. */
  async closeScope(scope: string): Promise<void> {
    const response = await this.send('DELETE', routes.scope(scope))
    // eslint-disable-next-line mocklib/no-response-body -- a network response: no fast path to keep
    await response.body?.cancel()
  }

  /** The history as a HAR 1.2 document. */
  har(): Promise<{ log: unknown }> {
    return this.#json('GET', routes.har)
  }

  /** Live events until `signal` aborts or the server closes. */
  async *events(signal?: AbortSignal): AsyncGenerator<ControlEvent> {
    const response = await this.send('GET', routes.events, undefined, signal)
    // eslint-disable-next-line mocklib/no-response-body -- the control server's event stream, from the network
    const reader = response.body!.getReader()
    const queue: ParsedEvent[] = []
    const parser = new EventStreamParser({ event: (event) => queue.push(event) })
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) return
        parser.pushBytes(value)
        while (queue.length > 0) {
          const event = queue.shift()!
          yield { type: event.type as ControlEvent['type'], data: JSON.parse(event.data) as unknown }
        }
      }
    } catch (error) {
      if (signal?.aborted) return
      throw error
    } finally {
      reader.cancel().catch(() => {})
    }
  }

  /** A control request with the token; an error status throws `ControlError`. */
  async send(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
    const headers = new Headers()
    if (this.#token !== undefined) headers.set('authorization', bearer(this.#token))
    if (body !== undefined) headers.set('content-type', 'application/json')
    const response = await this.#fetch(new URL(path, this.origin), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    })
    if (response.ok) return response
    const text = await response.text()
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {}
    throw new ControlError(
      isProblemDetails(parsed)
        ? parsed
        : { type: 'about:blank', title: response.statusText, status: response.status, detail: text.slice(0, 200) },
    )
  }

  async #json<T>(method: string, path: string, body?: unknown): Promise<T> {
    return (await (await this.send(method, path, body)).json()) as T
  }
}
