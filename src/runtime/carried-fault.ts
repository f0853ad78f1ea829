import { withBody } from './clone-response'
import { format } from './messages'
import { breakable, fault, faultOf, isConnectionFault, type FaultKind } from './fault'

/**
 * Faults crossing a process boundary (the remote): one process resolved the request, another's
 * client must fail. The resolving side sends the fault's kind and byte count with the body up to
 * the fault (ended there, cleanly); the other side applies the same fault to what it received,
 * so its own source makes its client fail as that client fails (what each source's wire does).
 */

/**
 * A fault as a resolving side sends it: `header`, the fault as a header value (`reset`,
 * `refused`, `dns`, or `reset-after 10`, `truncate 10`, `stall 10`, `reset-after *` for an event
 * stream that may break off), and the response to send,
 * whose body is, for a body fault, the bytes before the fault, then the end (a stall waits no
 * longer, a cut is not sent as one). `signal`: the other side left; `endAbruptly` ends the answer
 * short of its end, bytes sent so far kept. No fault: the response as it is.
 */
export function carryFault(
  response: Response,
  signal: AbortSignal,
  endAbruptly: () => void,
): { header?: string; response: Response } {
  const carried = faultOf(response)
  if (carried === undefined) return { response }
  if (isConnectionFault(carried)) return { header: carried.kind, response }
  // A body that may break off (an event stream), wherever it does: the answer ends there without
  // its last chunk, after the bytes before (a reset could overtake them), and the receiving side
  // takes any failure of the body as the cut.
  if (!Number.isFinite(carried.bytes)) {
    carried.wire({
      signal,
      cut: () => {
        endAbruptly()
        return new Error(format('the event stream was cut.'))
      },
    })
    return { header: `${carried.kind} ${UNBOUNDED}`, response }
  }
  // The fault's own body gives `bytes` bytes, then fails or stalls: stop reading there.
  carried.wire({ signal })
  // eslint-disable-next-line mocklib/no-response-body -- the faulted body is read up to the fault, chunk by chunk
  const reader = response.body?.getReader()
  let left = carried.bytes
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = left <= 0 || reader === undefined ? undefined : await reader.read().catch(() => undefined)
      if (next === undefined || next.done) {
        void reader?.cancel().catch(() => {})
        return controller.close()
      }
      left -= next.value.byteLength
      controller.enqueue(next.value)
    },
    cancel: (reason) => reader?.cancel(reason),
  })
  return { header: `${carried.kind} ${carried.bytes}`, response: withBody(response, body) }
}

/** The count of a body that breaks off wherever its resolving side's body fails (an event stream). */
const UNBOUNDED = '*'

/** The response a receiving side answers with for a fault `encodeFault()` wrote, or undefined for another value. */
export function applyFault(value: string, response: () => Response): Response | undefined {
  const [kind, count] = value.split(' ') as [FaultKind, string | undefined]
  if (count === undefined) {
    return kind === 'reset' || kind === 'refused' || kind === 'dns' ? fault[kind]() : undefined
  }
  // Whatever ends the body from the resolving side, other than its end, is the cut.
  if (kind === 'reset-after' && count === UNBOUNDED) return breakable(response(), () => true)
  const bytes = Number(count)
  if (!Number.isInteger(bytes) || bytes < 0) return undefined
  if (kind === 'reset-after') return fault.resetAfter(response(), bytes)
  if (kind === 'truncate') return fault.truncate(response(), bytes)
  return kind === 'stall' ? fault.stall(response(), bytes) : undefined
}
