import { browserMessages } from './messages'
import { EventStreamIds } from './event-stream-ids'
import { resolveInPage, type PageRuntime } from './resolve-in-page'
import { deserializeRequest, deserializeResponse, serializeMocked } from './serialize'
import { WORKER_CHECKSUM } from './worker/integrity'
import { activeWorker, getRegistration, isInScope, type FindWorker } from './worker-registration'
import {
  isWorkerMessage,
  type PageToWorker,
  type RequestReply,
  type SerializedRequest,
  type WorkerToPage,
} from './worker-protocol'

/** How long the worker may take to answer a handshake message before start() gives up. */
const HANDSHAKE_TIMEOUT_MS = 10_000

export interface ServiceWorkerSourceOptions {
  url: string
  registrationOptions: RegistrationOptions | undefined
  findWorker: FindWorker
  quiet: boolean
}

/**
 * The browser source: mocklib's Service Worker catches the page's requests and sends each
 * here; the page answers with a mocked response, a network error, or "perform it".
 */
export class ServiceWorkerSource {
  #worker: ServiceWorker | undefined
  readonly #workerUrl: string

  constructor(
    private readonly runtime: PageRuntime,
    private readonly options: ServiceWorkerSourceOptions,
  ) {
    this.#workerUrl = new URL(options.url, location.href).href
  }

  async start(): Promise<ServiceWorkerRegistration> {
    const container = navigator.serviceWorker
    const registration = await getRegistration(
      this.#workerUrl,
      this.options.registrationOptions,
      this.options.findWorker,
    )
    const worker = await activeWorker(registration)
    this.#worker = worker

    container.addEventListener('message', this.#onMessage)
    container.startMessages()
    try {
      return await this.#handshake(registration, worker)
    } catch (error) {
      container.removeEventListener('message', this.#onMessage)
      this.#worker = undefined
      throw error
    }
  }

  async #handshake(registration: ServiceWorkerRegistration, worker: ServiceWorker): Promise<ServiceWorkerRegistration> {
    const container = navigator.serviceWorker
    await this.#checkIntegrity(worker)
    const inScope = isInScope(location.href, registration.scope)
    if (inScope && container.controller !== worker) {
      // A new worker, a hard reload or a restart after stop(): ask the worker to take the page.
      const controlled = waitForController(worker)
      this.#post(worker, { type: 'mocklib:claim' })
      await withTimeout(controlled, HANDSHAKE_TIMEOUT_MS, () => browserMessages.noAnswer(this.#workerUrl, 'claim'))
    }
    const activated = this.#waitFor(worker, 'mocklib:activated', 'activate')
    this.#post(worker, { type: 'mocklib:activate' })
    const { clientId } = await activated
    window.addEventListener('pagehide', this.#onPageHide)

    if (!inScope) console.warn(browserMessages.outOfScope(location.href, registration.scope))
    if (!this.options.quiet) {
      console.groupCollapsed(browserMessages.mockingEnabled())
      console.log('Worker script', worker.scriptURL)
      console.log('Worker scope', registration.scope)
      console.log('Client id', clientId)
      console.groupEnd()
    }
    return registration
  }

  /**
   * Resolves once the worker has stopped forwarding this page's requests and every request it
   * had forwarded has been answered. The worker unregisters itself when no page uses it.
   */
  async stop(): Promise<void> {
    window.removeEventListener('pagehide', this.#onPageHide)
    const worker = this.#worker
    if (worker === undefined) return
    try {
      const closed = this.#waitFor(worker, 'mocklib:closed', 'close')
      this.#post(worker, { type: 'mocklib:close', unregister: true })
      await closed
    } catch (error) {
      // The worker is gone (unregistered by hand, say): nothing is forwarded any more anyway.
      console.warn(error instanceof Error ? error.message : error)
    } finally {
      navigator.serviceWorker.removeEventListener('message', this.#onMessage)
      this.#worker = undefined
    }
  }

  async #checkIntegrity(worker: ServiceWorker): Promise<void> {
    // An MSW worker left at the URL ignores mocklib's message but answers its own at once: asking both
    // turns a 10 s wait into an immediate error that names it.
    const reply = this.#waitFor(worker, 'mocklib:integrity', 'integrity', (data) => {
      const version = mswWorkerVersion(data)
      return version === undefined ? undefined : browserMessages.mswWorker(this.#workerUrl, version)
    })
    this.#post(worker, { type: 'mocklib:integrity' })
    worker.postMessage(MSW_INTEGRITY_REQUEST)
    const { version, checksum } = await reply
    if (checksum !== WORKER_CHECKSUM) {
      console.warn(browserMessages.outdatedWorker(worker.scriptURL, version, checksum, WORKER_CHECKSUM))
    }
  }

  #post(worker: ServiceWorker, message: PageToWorker): void {
    worker.postMessage(message)
  }

  /**
   * The next message of a type from the worker, or a clear error if it never comes, or the error
   * `refuse` returns for another message (a foreign worker's answer).
   */
  #waitFor<T extends WorkerToPage['type']>(
    _worker: ServiceWorker,
    type: T,
    what: string,
    refuse: (data: unknown) => string | undefined = () => undefined,
  ): Promise<Extract<WorkerToPage, { type: T }>> {
    const container = navigator.serviceWorker
    let listener: ((event: MessageEvent) => void) | undefined
    const answer = new Promise<Extract<WorkerToPage, { type: T }>>((resolve, reject) => {
      listener = (event: MessageEvent) => {
        if (isWorkerMessage(event.data) && event.data.type === type) {
          resolve(event.data as Extract<WorkerToPage, { type: T }>)
          return
        }
        const refusal = refuse(event.data)
        if (refusal !== undefined) reject(new Error(refusal))
      }
      container.addEventListener('message', listener)
      container.startMessages()
    })
    return withTimeout(answer, HANDSHAKE_TIMEOUT_MS, () => browserMessages.noAnswer(this.#workerUrl, what)).finally(
      () => container.removeEventListener('message', listener!),
    )
  }

  readonly #onPageHide = (event: PageTransitionEvent): void => {
    // A page kept in the back/forward cache may come back; it keeps its place.
    if (event.persisted || this.#worker === undefined) return
    this.#post(this.#worker, { type: 'mocklib:leave' })
  }

  readonly #onMessage = (event: MessageEvent): void => {
    const data: unknown = event.data
    if (!isWorkerMessage(data)) return
    if (data.type === 'mocklib:request') {
      const port = event.ports[0]
      if (port !== undefined) void this.#answer(data.requestId, data.request, port)
    } else if (data.type === 'mocklib:bypass-response') {
      const { response, requestId } = data
      const pending = this.#bypassed.get(requestId)
      this.#bypassed.delete(requestId)
      if (pending === undefined || response.status === 0) return
      this.runtime.emitter.emit('response:bypass', {
        response: deserializeResponse(response),
        request: pending,
        requestId,
      })
    }
  }

  /** Requests performed for real whose responses a `response:bypass` listener waits for. */
  readonly #bypassed = new Map<string, Request>()
  /** Last event IDs of mocked event streams, for EventSource reconnections (Chromium drops the header). */
  readonly #eventStreamIds = new EventStreamIds()

  async #answer(requestId: string, serialized: SerializedRequest, port: MessagePort): Promise<void> {
    let reply: RequestReply = { type: 'passthrough', observe: false }
    let transfer: Transferable[] = []
    let delivered: (() => void) | undefined
    try {
      const request = this.#eventStreamIds.restore(deserializeRequest(serialized))
      const answer = await resolveInPage(request, requestId, this.runtime)
      if (answer.type === 'passthrough') {
        const observe = this.runtime.emitter.has('response:bypass')
        if (observe) this.#bypassed.set(requestId, request)
        reply = { type: 'passthrough', observe }
      } else if (answer.type === 'network-error') {
        reply = { type: 'network-error' }
        delivered = answer.delivered
      } else {
        ;({ reply, transfer } = await serializeMocked(this.#eventStreamIds.watch(request, answer.response)))
        delivered = answer.delivered
      }
    } catch (error) {
      // The pipeline never rejects; this is a request the page could not even rebuild.
      console.error(error)
    }
    try {
      port.postMessage(reply, transfer)
    } catch {
      // A body the browser refuses to transfer: send it as bytes.
      if (reply.type === 'mocked' && reply.body instanceof ReadableStream) {
        const bytes = await new Response(reply.body).arrayBuffer()
        port.postMessage({ ...reply, body: bytes }, [bytes])
      } else {
        port.postMessage({ type: 'passthrough', observe: false } satisfies RequestReply)
      }
    }
    port.close()
    delivered?.()
  }
}

/** The message MSW's worker scripts (2.x and 3.x) answer with their package version. */
const MSW_INTEGRITY_REQUEST = 'INTEGRITY_CHECK_REQUEST'

/** The MSW package version in an MSW worker's integrity answer, or undefined for any other message. */
function mswWorkerVersion(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const { type, payload } = data as { type?: unknown; payload?: { packageVersion?: unknown } }
  if (type !== 'INTEGRITY_CHECK_RESPONSE') return undefined
  return typeof payload?.packageVersion === 'string' ? payload.packageVersion : 'unknown version'
}

function waitForController(worker: ServiceWorker): Promise<void> {
  const container = navigator.serviceWorker
  return new Promise((resolve) => {
    const check = () => {
      if (container.controller === worker) {
        container.removeEventListener('controllerchange', check)
        resolve()
      }
    }
    container.addEventListener('controllerchange', check)
    check()
  })
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: () => string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message())), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
