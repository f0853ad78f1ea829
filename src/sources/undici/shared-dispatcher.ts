import { format } from '../../runtime/messages'
import type { DispatcherSource } from './dispatcher-source'
import type { DispatcherLike, DispatchHandler, DispatchOptions } from './types'
import { sharedAcrossBuilds } from '../../runtime/shared-across-builds'

/** Where undici keeps the global dispatcher: `.1` is read by every undici (and Node's fetch), `.2` is undici 7's. */
const LEGACY = Symbol.for('undici.globalDispatcher.1')
const CURRENT = Symbol.for('undici.globalDispatcher.2')

type Scope = Record<symbol, DispatcherLike | undefined>

/** One of undici's global slots as it was before mocklib wrote it. */
interface Saved {
  readonly key: symbol
  readonly existed: boolean
  readonly value: DispatcherLike | undefined
}

/**
 * The dispatcher mocklib installs as undici's global one, shared by every server of the process
 * that listens with the undici source (as the shared interceptors are: see
 * ../shared-interceptors.ts). The first server to join installs it; the last to leave puts back
 * the dispatchers that were there, by identity. The server that joined last answers. What goes
 * to the network goes to the dispatcher that was global before.
 */
export class SharedDispatcher implements DispatcherLike {
  readonly #sources: DispatcherSource[] = []
  #saved: Saved[] = []
  #network: DispatcherLike | undefined

  join(source: DispatcherSource): void {
    if (this.#sources.includes(source)) return
    if (this.#sources.length === 0) this.#install()
    this.#sources.push(source)
  }

  leave(source: DispatcherSource): void {
    const index = this.#sources.indexOf(source)
    if (index === -1) return
    this.#sources.splice(index, 1)
    if (this.#sources.length === 0) this.#restore()
  }

  dispatch(options: DispatchOptions, handler: DispatchHandler): boolean {
    const network = this.#network ?? missingNetwork
    const source = this.#sources.at(-1)
    return source === undefined ? network.dispatch(options, handler) : source.dispatch(options, handler, network)
  }

  /** Closing or destroying the global dispatcher closes the one mocklib sends real requests to. */
  close(): Promise<void> {
    return callNetwork(this.#network, 'close')
  }

  destroy(): Promise<void> {
    return callNetwork(this.#network, 'destroy')
  }

  #install(): void {
    const scope = globalThis as unknown as Scope
    // Node's own undici creates its global Agent when it first loads; reading a Fetch API
    // global loads it, so there is one to send real requests to.
    void globalThis.Response
    this.#saved = [LEGACY, CURRENT].map((key) => ({ key, existed: Object.hasOwn(scope, key), value: scope[key] }))
    this.#network = scope[LEGACY]
    for (const { key, existed } of this.#saved) {
      if (existed) scope[key] = this
      else Object.defineProperty(scope, key, { value: this, writable: true, enumerable: false, configurable: true })
    }
  }

  #restore(): void {
    const scope = globalThis as unknown as Scope
    // A dispatcher someone installed over mocklib's (a MockAgent, say) stays where it is.
    for (const { key, existed, value } of this.#saved) {
      if (scope[key] !== this) continue
      if (existed) scope[key] = value
      else if (Object.getOwnPropertyDescriptor(scope, key)?.configurable === true) delete scope[key]
      else scope[key] = undefined
    }
    this.#saved = []
    this.#network = undefined
  }
}

const missingNetwork: DispatcherLike = {
  dispatch() {
    // eslint-disable-next-line mocklib/coded-argument-errors -- no dispatcher to reach the network, not an argument
    throw new Error(
      format(
        'There is no undici dispatcher to send this request to the network: no global dispatcher was set when the server started listening.',
      ),
    )
  },
}

async function callNetwork(network: DispatcherLike | undefined, method: 'close' | 'destroy'): Promise<void> {
  const call = (network as Partial<Record<typeof method, () => Promise<void> | void>> | undefined)?.[method]
  await call?.call(network)
}

/**
 * Keyed on the global scope: the ESM and CommonJS builds of mocklib must share one dispatcher.
 * The key carries a version of this interface; change it when DispatcherSource's dispatch changes.
 */
export function sharedDispatcher(): SharedDispatcher {
  return sharedAcrossBuilds('node.sharedDispatcher.v1', () => new SharedDispatcher())
}
