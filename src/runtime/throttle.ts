import { withBody } from './clone-response'
import { delay } from './delay'
import { MocklibTypeError } from './errors'
import { fault } from './fault'
import { format } from './messages'

/** A network link: `download` in bytes per second, `latency` the wait before the response starts (ms). */
export interface NetworkConditions {
  download: number
  latency?: number
}

/**
 * Chrome DevTools' throttling presets, in its own figures: Slow 3G (400 kbit/s down, 2 s before
 * the first byte), Fast 3G (1.44 Mbit/s, 563 ms), and offline, which fails every request as
 * a host that cannot be reached does (`fault.dns()`).
 */
export const networkPresets: Readonly<Record<'slow-3g' | 'fast-3g', Readonly<NetworkConditions>>> = {
  'slow-3g': { download: 50_000, latency: 2_000 },
  'fast-3g': { download: 180_000, latency: 563 },
}

export type NetworkPreset = 'slow-3g' | 'fast-3g' | 'offline'

/** How often a throttled body releases its next chunk. */
const TICK_MS = 100

/**
 * The response as it arrives over a slow link: after `latency`, its status and headers, then
 * its body at `download` bytes per second (a chunk every 100 ms). Return it from a resolver.
 */
export async function throttle(response: Response, conditions: NetworkConditions | NetworkPreset): Promise<Response> {
  if (conditions === 'offline') return fault.dns()
  const link = typeof conditions === 'string' ? networkPresets[conditions] : conditions
  if (link === undefined || !(link.download > 0) || !((link.latency ?? 0) >= 0)) {
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      format(
        `throttle(response, ${JSON.stringify(conditions)}): give { download: bytes per second (> 0), latency?: ms } or one of 'slow-3g', 'fast-3g', 'offline'.`,
      ),
    )
  }
  if (link.latency) await delay(link.latency)
  // eslint-disable-next-line mocklib/no-response-body -- the body is re-streamed at the link's pace
  const body = response.body
  if (body === null) return response
  return withBody(response, paced(body, link.download))
}

/** `body` re-chunked so that `bytesPerSecond` bytes leave per second, measured from the first read. */
function paced(body: ReadableStream<Uint8Array>, bytesPerSecond: number): ReadableStream<Uint8Array> {
  const reader = body.getReader()
  const chunkSize = Math.max(1, Math.round((bytesPerSecond * TICK_MS) / 1000))
  let pending: Uint8Array = new Uint8Array(0)
  let sent = 0
  let start: number | undefined
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        while (pending.byteLength < chunkSize) {
          const next = await reader.read()
          if (next.done) break
          pending = join(pending, next.value)
        }
        if (pending.byteLength === 0) return controller.close()
        start ??= Date.now()
        const chunk = pending.subarray(0, chunkSize)
        pending = pending.subarray(chunk.byteLength)
        sent += chunk.byteLength
        // This chunk is due once the link could have carried every byte up to its end.
        const due = start + (sent / bytesPerSecond) * 1000
        const wait = due - Date.now()
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
        controller.enqueue(chunk)
      },
      cancel(reason) {
        return reader.cancel(reason)
      },
    },
    { highWaterMark: 0 },
  )
}

function join(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.byteLength === 0) return b
  const joined = new Uint8Array(a.byteLength + b.byteLength)
  joined.set(a)
  joined.set(b, a.byteLength)
  return joined
}
