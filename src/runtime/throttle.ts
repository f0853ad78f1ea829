import { withBody } from './clone-response'
import { delay } from './delay'
import { MocklibTypeError } from './errors'
import { fault } from './fault'
import { format } from './messages'

/**
 * A network link: `download` and `upload` in bytes per second, `latency` the wait before the
 * response starts (ms). `upload` paces request bodies where the link is a server's or a
 * boundary's (`listen({ network })`); a handler's `throttle()` has only its response to pace.
 */
export interface NetworkConditions {
  download: number
  upload?: number
  latency?: number
}

/**
 * Chrome DevTools' throttling presets, in its own figures: Slow 3G (400 kbit/s each way, 2 s
 * before the first byte), Fast 3G (1.44 Mbit/s down, 675 kbit/s up, 563 ms), and offline, which
 * fails every request as a host that cannot be reached does (`fault.dns()`).
 */
export const networkPresets: Readonly<Record<'slow-3g' | 'fast-3g', Readonly<NetworkConditions>>> = {
  'slow-3g': { download: 50_000, upload: 50_000, latency: 2_000 },
  'fast-3g': { download: 180_000, upload: 84_375, latency: 563 },
}

export type NetworkPreset = 'slow-3g' | 'fast-3g' | 'offline'

/** How often a throttled body releases its next chunk. */
const TICK_MS = 100

/**
 * The link `conditions` name, or 'offline'; anything else throws a coded error saying what
 * conditions are, `call` naming where they were given.
 */
export function networkLink(conditions: unknown, call: string): Readonly<NetworkConditions> | 'offline' {
  if (conditions === 'offline') return 'offline'
  const link =
    typeof conditions === 'string'
      ? networkPresets[conditions as keyof typeof networkPresets]
      : (conditions as NetworkConditions | null | undefined)
  const rate = (value: unknown) => typeof value === 'number' && value > 0
  const valid =
    typeof link === 'object' &&
    link !== null &&
    rate(link.download) &&
    (link.upload === undefined || rate(link.upload)) &&
    (link.latency === undefined || (typeof link.latency === 'number' && link.latency >= 0))
  if (!valid) {
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      format(
        `${call.replace('%s', JSON.stringify(conditions))}: give { download: bytes per second (> 0), upload?: bytes per second (> 0), latency?: ms } or one of 'slow-3g', 'fast-3g', 'offline'.`,
      ),
    )
  }
  return link
}

/**
 * The response as it arrives over a slow link: after `latency`, its status and headers, then
 * its body at `download` bytes per second (a chunk every 100 ms). Return it from a resolver.
 */
export async function throttle(response: Response, conditions: NetworkConditions | NetworkPreset): Promise<Response> {
  const link = networkLink(conditions, 'throttle(response, %s)')
  if (link === 'offline') return fault.dns()
  if (link.latency) await delay(link.latency)
  // eslint-disable-next-line mocklib/no-response-body -- the body is re-streamed at the link's pace
  const body = response.body
  if (body === null) return response
  return withBody(response, paced(body, link.download))
}

/**
 * `body` in pieces of at most 100 ms of the link, each released once the link could have
 * carried it: a piece waits for the ones before it, never for bytes not yet written, so an event
 * stream's small events pass as they come, and idle time earns no burst.
 */
export function paced(body: ReadableStream<Uint8Array>, bytesPerSecond: number): ReadableStream<Uint8Array> {
  const reader = body.getReader()
  const pieceSize = Math.max(1, Math.round((bytesPerSecond * TICK_MS) / 1000))
  let pending: Uint8Array = new Uint8Array(0)
  // When the link has carried everything released so far.
  let linkFreeAt = 0
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (pending.byteLength === 0) {
          const next = await reader.read()
          if (next.done) return controller.close()
          pending = next.value
        }
        const piece = pending.subarray(0, pieceSize)
        pending = pending.subarray(piece.byteLength)
        linkFreeAt = Math.max(linkFreeAt, Date.now()) + (piece.byteLength / bytesPerSecond) * 1000
        const wait = linkFreeAt - Date.now()
        // Under a millisecond the timer would round up: such waits add up in linkFreeAt instead.
        if (wait >= 1) await new Promise((resolve) => setTimeout(resolve, wait))
        controller.enqueue(piece)
      },
      cancel(reason) {
        return reader.cancel(reason)
      },
    },
    { highWaterMark: 0 },
  )
}
