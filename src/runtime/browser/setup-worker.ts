import type { LifeCycleEvents } from '../emitter'
import { format } from '../messages'
import type { RequestHandler } from '../request-handler'
import type { UnhandledRequestStrategy } from '../unhandled-request'

export interface StartOptions {
  serviceWorker?: { url?: string; options?: RegistrationOptions }
  quiet?: boolean
  onUnhandledRequest?: UnhandledRequestStrategy
  findWorker?: (scriptUrl: string, workerUrl: string) => boolean
}

export interface SetupWorker {
  start(options?: StartOptions): Promise<ServiceWorkerRegistration | undefined>
  stop(): Promise<void>
  use(...handlers: RequestHandler[]): void
  resetHandlers(...handlers: RequestHandler[]): void
  restoreHandlers(): void
  listHandlers(): readonly RequestHandler[]
  readonly events: LifeCycleEvents
}

export function setupWorker(..._handlers: RequestHandler[]): SetupWorker {
  if (typeof window === 'undefined' || typeof document === 'undefined') {
    throw new Error(
      format('setupWorker() runs in a browser only. In Node, import { setupServer } from "mocklib/node" instead.'),
    )
  }
  throw new Error(format('setupWorker() is not built yet.'))
}
