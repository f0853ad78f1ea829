// Small tools shared by the reliability tests: hashing, body sources, and a watch on what a
// test leaves behind (unhandled rejections, open handles and timers).
import { createHash, randomBytes } from 'node:crypto'
import http from 'node:http'

export const sha256 = (bytes: Uint8Array | ArrayBuffer): string =>
  createHash('sha256')
    .update(bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : bytes)
    .digest('hex')

/** Every byte value, then random bytes: a body no text decoding can keep intact. */
export function binaryBody(size: number): Buffer {
  const head = Buffer.from(Array.from({ length: Math.min(size, 256) }, (_, index) => index))
  return size <= 256 ? head : Buffer.concat([head, randomBytes(size - 256)])
}

/** A ReadableStream that hands out `body` in chunks of `chunkSize` bytes, one per pull. */
export function streamOf(body: Uint8Array, chunkSize = 64 * 1024): ReadableStream<Uint8Array> {
  let offset = 0
  return new ReadableStream({
    pull(controller) {
      if (offset >= body.byteLength) return controller.close()
      controller.enqueue(body.slice(offset, offset + chunkSize))
      offset += chunkSize
    },
  })
}

export interface RawResponse {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
}

/**
 * Sends a request with http.request, writing the body in several chunks (as a streaming
 * client does), and reads the whole answer.
 */
export function nodeRequest(
  url: string,
  options: {
    method?: string
    headers?: Record<string, string>
    body?: Uint8Array
    chunks?: number
    signal?: AbortSignal
  } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, signal: options.signal },
      (response) => {
        const parts: Buffer[] = []
        response.on('data', (chunk: Buffer) => parts.push(chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(parts) }),
        )
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    const body = options.body
    if (body === undefined || body.byteLength === 0) return void request.end()
    const size = Math.ceil(body.byteLength / Math.max(1, options.chunks ?? 4))
    let offset = 0
    for (; offset + size < body.byteLength; offset += size) request.write(body.subarray(offset, offset + size))
    request.end(body.subarray(offset))
  })
}

/** Resource kinds Node reports as keeping the process alive, counted by kind. */
export function activeResources(): Map<string, number> {
  const counts = new Map<string, number>()
  for (const kind of process.getActiveResourcesInfo()) counts.set(kind, (counts.get(kind) ?? 0) + 1)
  return counts
}

/** Kinds whose count grew between two snapshots, with the growth. */
export function resourcesGrown(before: Map<string, number>, after: Map<string, number>): Record<string, number> {
  const grown: Record<string, number> = {}
  for (const [kind, count] of after) {
    const delta = count - (before.get(kind) ?? 0)
    if (delta > 0) grown[kind] = delta
  }
  return grown
}

/**
 * Waits until nothing more than `before` is active (closing sockets and finished timers
 * take a few event-loop turns to go), or gives up and returns what is left. It checks after
 * each of `turns` event-loop turns, then, for handles whose close waits on the clock (a
 * socket's timer on a busy machine), every few milliseconds until `deadlineMs` have passed:
 * a handle that really stays open still fails the check, a slow close no longer does.
 */
export async function settleResources(
  before: Map<string, number>,
  turns = 200,
  deadlineMs = 2000,
): Promise<Record<string, number>> {
  const deadline = Date.now() + deadlineMs
  let grown = resourcesGrown(before, activeResources())
  for (let turn = 0; Object.keys(grown).length > 0; turn++) {
    if (turn >= turns && Date.now() >= deadline) break
    await new Promise((resolve) => (turn < turns ? setImmediate(resolve) : setTimeout(resolve, 5)))
    grown = resourcesGrown(before, activeResources())
  }
  return grown
}

/** Collects unhandled promise rejections while installed. */
export function watchUnhandledRejections(): { readonly reasons: unknown[]; stop(): void } {
  const reasons: unknown[] = []
  const listener = (reason: unknown) => reasons.push(reason)
  process.on('unhandledRejection', listener)
  return { reasons, stop: () => void process.off('unhandledRejection', listener) }
}
