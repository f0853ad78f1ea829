import { AsyncLocalStorage } from 'node:async_hooks'
import { createToken } from '../control/protocol'
import type { LifeCycleEventsMap } from '../runtime/emitter'
import { MocklibTypeError } from '../runtime/errors'
import type { PipelineOptions } from '../runtime/handle-request'
import { format } from '../runtime/messages'
import type { RequestHandler } from '../runtime/request-handler'
import { SetupApi, withBoundMethods, type HandlerListApi } from '../runtime/setup-api'
import type { ResolveScope } from './answer-resolve'
import { ControlEndpoint, type EndpointHost, type ScopeSpec } from './control-endpoint'
import type { ForwardScope } from './forward-resolve'
import { DEFAULT_SCOPE_HEADER, REMOTE_ENV } from './remote-env'
import { LocalScope } from './local-scope'
import type { RemoteScope } from './remote-scope'

export interface RemoteListenOptions {
  /** Port of the endpoint app processes call. Default: 0, a free one (see `remote.url`). */
  port?: number
  /** Host to bind. Default: '127.0.0.1'; anything else exposes your handlers to that network. */
  host?: string
  /** The token app processes must send. Default: a random one (see `remote.token`). */
  token?: string
  /** The request header that carries a test's scope to the app. Default: 'x-mocklib-scope'. */
  scopeHeader?: string
}

export interface SetupRemoteServer extends HandlerListApi {
  /** Opens the endpoint app processes call (`remote.url`). */
  listen(options?: RemoteListenOptions): Promise<void>
  /** Ends every scope, closes the endpoint and its connections. */
  close(): Promise<void>
  /** The endpoint's URL, once listening. */
  readonly url: string
  /** The token app processes must send, once listening. */
  readonly token: string
  /** The environment variables that point an app process here (for `spawn(..., { env })`). */
  env(): Record<string, string>
  /**
   * Wraps a function so that, while it runs, `use()` and the other list methods change only a
   * scope of its own, which `headers()` names: the app's requests that carry those headers, and
   * everything the app does while serving them, see that scope's handlers. The scope ends when
   * the function returns or its promise settles.
   */
  boundary<Args extends unknown[], Result>(callback: (...args: Args) => Result): (...args: Args) => Result
  /** A scope to manage by hand (a test fixture's): its own list, its `headers`, `close()`. */
  createScope(): RemoteScope
  /** The headers that put a request to the app in the current scope: `{}` outside any. */
  headers(): Record<string, string>
}

/**
 * The test process's side of cross-process mocking: handlers (and their resolvers, with the test's
 * state) live here, and app processes started with `listen({ remote })` or
 * `--import mocklib/remote` ask them first for every request they make.
 */
export class SetupRemoteServerApi extends SetupApi<LifeCycleEventsMap> implements SetupRemoteServer {
  readonly #current = new AsyncLocalStorage<LocalScope>()
  readonly #scopes = new Map<string, LocalScope>()
  /** Scopes other test processes hold, when this remote is their hub (`POST /__mocklib/scopes` with `forward`). */
  readonly #forwards = new Map<string, ForwardScope & { end(): void }>()
  #endpoint: ControlEndpoint | undefined
  #token = ''
  #scopeHeader = DEFAULT_SCOPE_HEADER
  #lifetime = new AbortController()
  readonly #root: ResolveScope = { id: undefined, list: this.handlerList, ended: new AbortController().signal }

  /** @internal */
  protected override setupName(): { factory: string; instance: string } {
    return { factory: 'setupRemoteServer()', instance: 'remote' }
  }

  /** @internal */
  protected override activeList() {
    return this.#current.getStore()?.list ?? this.handlerList
  }

  async listen(options: RemoteListenOptions = {}): Promise<void> {
    if (this.#endpoint !== undefined) {
      // eslint-disable-next-line mocklib/coded-argument-errors -- listen() twice: a state error, not an argument
      throw new Error(
        format('remote.listen() was called while the remote is already listening. Call remote.close() first.'),
      )
    }
    const { port = 0, host = '127.0.0.1', token = createToken(), scopeHeader = DEFAULT_SCOPE_HEADER } = options
    if (typeof token !== 'string' || token.length < 16) {
      throw new MocklibTypeError(
        'MOCKLIB_INVALID_ARGUMENT',
        format('remote.listen(): token must be a string of at least 16 characters; leave it out for a random one.'),
      )
    }
    this.#lifetime = new AbortController()
    this.#token = token
    this.#scopeHeader = scopeHeader.toLowerCase()
    this.#endpoint = await ControlEndpoint.open(this.#host, { host, port, token })
  }

  async close(): Promise<void> {
    for (const scope of [...this.#scopes.values()]) scope.close()
    for (const scope of [...this.#forwards.values()]) scope.end()
    this.#lifetime.abort()
    const endpoint = this.#endpoint
    this.#endpoint = undefined
    await endpoint?.close()
  }

  get url(): string {
    if (this.#endpoint === undefined) {
      // eslint-disable-next-line mocklib/coded-argument-errors -- read before listen(): a state error
      throw new Error(format('remote.url is known once remote.listen() has resolved.'))
    }
    return this.#endpoint.url
  }

  get token(): string {
    if (this.#endpoint === undefined) {
      // eslint-disable-next-line mocklib/coded-argument-errors -- read before listen(): a state error
      throw new Error(format('remote.token is known once remote.listen() has resolved.'))
    }
    return this.#token
  }

  env(): Record<string, string> {
    const env: Record<string, string> = { [REMOTE_ENV.url]: this.url, [REMOTE_ENV.token]: this.token }
    if (this.#scopeHeader !== DEFAULT_SCOPE_HEADER) env[REMOTE_ENV.scopeHeader] = this.#scopeHeader
    return env
  }

  boundary<Args extends unknown[], Result>(callback: (...args: Args) => Result): (...args: Args) => Result {
    if (typeof callback !== 'function') {
      throw new MocklibTypeError(
        'MOCKLIB_INVALID_ARGUMENT',
        format('remote.boundary(callback) needs a function to wrap.'),
      )
    }
    return (...args) => {
      const scope = this.createScope()
      let result: Result
      try {
        result = scope.run(callback, ...args)
      } catch (error) {
        scope.close()
        throw error
      }
      if (!isThenable(result)) {
        scope.close()
        return result
      }
      return Promise.resolve(result).finally(() => scope.close()) as Result
    }
  }

  createScope(): RemoteScope {
    return this.#createScope()
  }

  #createScope(): LocalScope {
    const scope = new LocalScope(this.activeList().current(), this.#scopeHeader, this.#current, (ended) =>
      this.#scopes.delete(ended.id),
    )
    this.#scopes.set(scope.id, scope)
    return scope
  }

  #openForward({ scope: id = crypto.randomUUID(), forward }: ScopeSpec): string {
    let url: URL
    try {
      url = new URL(forward!.url)
    } catch {
      throw new MocklibTypeError(
        'MOCKLIB_INVALID_ARGUMENT',
        `forward.url ${JSON.stringify(forward?.url)} is not a URL: give the holder's remote.url.`,
      )
    }
    if (
      typeof forward!.token !== 'string' ||
      typeof id !== 'string' ||
      this.#scopes.has(id) ||
      this.#forwards.has(id)
    ) {
      throw new MocklibTypeError(
        'MOCKLIB_INVALID_ARGUMENT',
        "A forwarded scope needs forward.token (the holder's remote.token) and an id no open scope has.",
      )
    }
    this.#forwards.set(
      id,
      forwardScope(id, url, forward!.token, () => this.#forwards.delete(id)),
    )
    return id
  }

  headers(): Record<string, string> {
    return this.#current.getStore()?.headers ?? {}
  }

  // What the endpoint asks of this remote, kept off the public surface.
  readonly #host: EndpointHost = {
    scope: (id) => (id === undefined ? this.#root : (this.#scopes.get(id) ?? this.#forwards.get(id))),
    pipeline: (): PipelineOptions => ({
      emitter: this.emitter,
      onUnhandledRequest: 'bypass',
      lifetime: this.#lifetime.signal,
    }),
    openScope: (spec) => (spec.forward === undefined ? this.#createScope().id : this.#openForward(spec)),
    closeScope: (id) => {
      const scope = this.#scopes.get(id) ?? this.#forwards.get(id)
      if (scope instanceof LocalScope) scope.close()
      else scope?.end()
      return scope !== undefined
    },
  }
}

/** A scope another test process holds: requests in it are relayed to that process's remote. */
function forwardScope(id: string, url: URL, token: string, onEnd: () => void): ForwardScope & { end(): void } {
  const ended = new AbortController()
  return {
    id,
    forward: { url, token },
    ended: ended.signal,
    end() {
      if (ended.signal.aborted) return
      ended.abort()
      onEnd()
    },
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === 'function'
}

/**
 * Sets up the test process's side of cross-process mocking with the given handlers. Nothing is
 * served until `await remote.listen()`. Its methods work detached (`afterAll(remote.close)`).
 */
export function setupRemoteServer(...handlers: RequestHandler[]): SetupRemoteServer {
  return withBoundMethods(new SetupRemoteServerApi(...handlers), [
    'listen',
    'close',
    'boundary',
    'createScope',
    'headers',
    'env',
  ])
}
