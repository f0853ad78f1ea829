import { format } from '../../runtime/messages'

/** Everything the browser side prints or throws. Each message says what to do next. */
export const browserMessages = {
  notInBrowser(): string {
    return format(
      'setupWorker() runs in a web page only. In Node (including jsdom and happy-dom test environments) ' +
        'import { setupServer } from "mocklib/node" instead.',
    )
  },
  badWorkerUrl(value: unknown): string {
    return format(
      `worker.start({ serviceWorker: { url } }) needs the URL of the worker script as a string, got ${typeof value}. ` +
        'For an app served under /app/, pass "/app/mockServiceWorker.js".',
    )
  },
  badFindWorker(): string {
    return format('worker.start({ findWorker }) needs a function (scriptUrl, workerUrl) => boolean.')
  },
  scriptMissing(url: string, scope: string | undefined): string {
    return format(
      `No worker script at ${url}${scope ? ` (scope ${scope})` : ''}: the server answered without it. ` +
        'Copy it into the folder your server publishes with "npx mocklib init <publicDir>" (for example ' +
        '"npx mocklib init public"), or point worker.start({ serviceWorker: { url } }) at where it is served.',
    )
  },
  registrationFailed(url: string, scope: string | undefined, reason: string): string {
    return format(
      `Could not register the worker script ${url}${scope ? ` for scope ${scope}` : ''}: ${reason}. ` +
        "The script must be served from the page's origin with a JavaScript content type, and its folder must contain the scope " +
        '(or the server must send a Service-Worker-Allowed header).',
    )
  },
  mswWorker(url: string, mswVersion: string): string {
    return format(
      `The Service Worker at ${url} is MSW's (msw ${mswVersion}), not mocklib's: it ignores mocklib's messages. ` +
        'Run "npx mocklib init <publicDir>" to put mocklib\'s worker script in its place, ' +
        'or pass worker.start({ serviceWorker: { url } }) to use another URL.',
    )
  },
  noAnswer(url: string, what: string): string {
    return format(
      `The Service Worker at ${url} did not answer mocklib's "${what}" message. It may not be mocklib's worker ` +
        '(an MSW script or another app worker at the same URL?). Run "npx mocklib init <publicDir>" to install mocklib\'s, ' +
        'or pass worker.start({ serviceWorker: { url } }) to use another URL.',
    )
  },
  outdatedWorker(url: string, version: string, checksum: string, expected: string): string {
    return format(
      `The worker script at ${url} comes from another version of mocklib (${version}, checksum ${checksum}; ` +
        `this version expects ${expected}). Mocking goes on, but it may misbehave. ` +
        'Update the script with "npx mocklib init <publicDir>" (the folder it is served from).',
    )
  },
  outOfScope(href: string, scope: string): string {
    return format(
      `This page (${href}) is outside the worker's scope (${scope}), so its requests are not mocked. ` +
        'Serve the worker script from a folder that contains the page, or pass ' +
        'worker.start({ serviceWorker: { options: { scope } } }) with a scope the page is in.',
    )
  },
  waitUntilReadyIgnored(): string {
    return format(
      'worker.start({ waitUntilReady }) has no effect (MSW 1 deferred requests with it; MSW 2 and mocklib do not). ' +
        'Remove the option and await worker.start() before the app sends its first request.',
    )
  },
  redundantStart(): string {
    return format(
      'worker.start() was called while the worker is already started; nothing changed. Call worker.stop() first to restart it.',
    )
  },
  redundantStop(): string {
    return format('worker.stop() was called while the worker is not started; nothing changed.')
  },
  fallback(reason: string): string {
    return format(
      `Service Workers are unavailable here (${reason}), so mocklib intercepts fetch and XMLHttpRequest inside this page instead. ` +
        'Requests made outside page scripts (images, CSS, other workers) are not mocked. Serve the page over https or from localhost to use the Service Worker.',
    )
  },
  mockingEnabled(): string {
    return format('Mocking enabled.')
  },
  fallbackEnabled(): string {
    return format('Mocking enabled (in-page fallback).')
  },
  stopped(): string {
    return format('Mocking disabled.')
  },
} as const
