import { browserMessages } from './messages'

export type FindWorker = (scriptUrl: string, workerUrl: string) => boolean

/** Default: the worker whose script URL is exactly the one asked for. */
export const defaultFindWorker: FindWorker = (scriptUrl, workerUrl) => scriptUrl === workerUrl

/**
 * The registration of mocklib's worker for this page: an existing one whose script
 * `findWorker` accepts (checked for an update in the background), or a new one.
 */
export async function getRegistration(
  workerUrl: string,
  options: RegistrationOptions | undefined,
  findWorker: FindWorker,
): Promise<ServiceWorkerRegistration> {
  const existing = (await navigator.serviceWorker.getRegistrations()).find((registration) => {
    const worker = registration.active ?? registration.waiting ?? registration.installing
    return worker !== null && findWorker(worker.scriptURL, workerUrl)
  })
  if (existing !== undefined) {
    existing.update().catch(() => {
      // The script may be unreachable for a moment; the registered copy keeps working.
    })
    return existing
  }
  try {
    return await navigator.serviceWorker.register(workerUrl, options)
  } catch (error) {
    const scope = options?.scope
    // eslint-disable-next-line mocklib/coded-argument-errors -- the worker script is missing, not an argument
    if (await isMissing(workerUrl)) throw new Error(browserMessages.scriptMissing(workerUrl, scope), { cause: error })
    const reason = error instanceof Error ? error.message : String(error)
    // eslint-disable-next-line mocklib/coded-argument-errors -- the browser refused the worker, not an argument
    throw new Error(browserMessages.registrationFailed(workerUrl, scope, reason), { cause: error })
  }
}

async function isMissing(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { method: 'HEAD', cache: 'no-store' })
    return response.status === 404 || !/javascript/i.test(response.headers.get('content-type') ?? '')
  } catch {
    return false
  }
}

/** Resolves with the registration's worker once it is activated. */
export function activeWorker(registration: ServiceWorkerRegistration): Promise<ServiceWorker> {
  const active = registration.active
  if (
    active !== null &&
    active.state === 'activated' &&
    registration.installing === null &&
    registration.waiting === null
  ) {
    return Promise.resolve(active)
  }
  const worker = registration.installing ?? registration.waiting ?? active
  return new Promise((resolve, reject) => {
    if (worker === null) {
      reject(new Error('The worker registration has no worker.'))
      return
    }
    const check = () => {
      if (worker.state === 'activated') {
        worker.removeEventListener('statechange', check)
        resolve(worker)
      } else if (worker.state === 'redundant') {
        worker.removeEventListener('statechange', check)
        // A newer worker replaced it: wait for that one.
        activeWorker(registration).then(resolve, reject)
      }
    }
    worker.addEventListener('statechange', check)
    check()
  })
}

/** True when a page URL is inside a registration's scope. */
export function isInScope(href: string, scope: string): boolean {
  return href.startsWith(scope)
}
