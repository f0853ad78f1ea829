/**
 * The messages a page and mocklib's Service Worker exchange. The worker script
 * (worker/mock-service-worker.js) is plain JavaScript; this file is its contract, typed.
 */

/** Page → worker, posted to the registration's active worker. */
export type PageToWorker =
  | { type: 'mocklib:integrity' }
  | { type: 'mocklib:claim' }
  | { type: 'mocklib:activate' }
  | { type: 'mocklib:close'; unregister: boolean }
  | { type: 'mocklib:leave' }

export interface SerializedRequest {
  url: string
  method: string
  headers: [string, string][]
  mode: RequestMode
  credentials: RequestCredentials
  cache: RequestCache
  redirect: RequestRedirect
  referrer: string
  referrerPolicy: ReferrerPolicy
  integrity: string
  keepalive: boolean
  body: ArrayBuffer | undefined
}

export interface SerializedResponse {
  status: number
  statusText: string
  headers: [string, string][]
  body: ReadableStream<Uint8Array> | ArrayBuffer | null
}

/** Worker → page, through client.postMessage. */
export type WorkerToPage =
  | { type: 'mocklib:integrity'; version: string; checksum: string }
  | { type: 'mocklib:activated'; clientId: string; scope: string }
  | { type: 'mocklib:closed' }
  | { type: 'mocklib:request'; requestId: string; request: SerializedRequest }
  | { type: 'mocklib:bypass-response'; requestId: string; response: SerializedResponse }

/** Page → worker, the answer to one request, over the MessagePort that came with it. */
export type RequestReply =
  ({ type: 'mocked' } & SerializedResponse) | { type: 'network-error' } | { type: 'passthrough'; observe: boolean }

export function isWorkerMessage(data: unknown): data is WorkerToPage {
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as { type?: unknown }).type === 'string' &&
    (data as { type: string }).type.startsWith('mocklib:')
  )
}
