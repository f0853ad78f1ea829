/**
 * Why a Service Worker cannot be used in this page, or undefined when it can.
 * Browsers expose none on non-secure origins (http:// other than localhost) or on file: pages.
 */
export function serviceWorkerUnavailableReason(): string | undefined {
  if (location.protocol === 'file:') return 'the page is a file: URL'
  if (!window.isSecureContext) return `${location.origin} is not a secure origin`
  if (!('serviceWorker' in navigator) || navigator.serviceWorker === undefined) {
    return 'this browser has no navigator.serviceWorker'
  }
  return undefined
}
