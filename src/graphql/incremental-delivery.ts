import type {
  IncrementalPayload,
  LegacyIncrementalEntry,
  LegacyIncrementalPayload,
  PendingEntry,
  ResultPath,
  V02IncrementalPayload,
} from './incremental-format'
import { onAbort } from '../runtime/on-abort'
import { HttpResponse } from '../runtime/http-response'
import { iterateUntil } from '../runtime/iterate-until'
import { MultipartMixedWriter } from './multipart-mixed-writer'

/**
 * Called before a later payload is written; the payload waits for what it returns. `ended`
 * aborts when the body has ended (the client left): stop waiting then, clear timers.
 */
export type BeforePayload<P> = (payload: P, index: number, ended: AbortSignal) => Promise<void> | void

export interface MultipartIncrementalOptions<P> {
  before?: BeforePayload<P>
  /** Split each payload into one per part (see splitPayload), so that each waits for its own `before`. */
  split?: boolean
  /** The client's signal (fetch's `request.signal`): when it aborts, the body fails with its reason. */
  clientSignal?: AbortSignal
}

/**
 * A response streaming an incremental result as a multipart/mixed body: the initial payload at
 * once, then each later payload as the source yields it (and `before` lets it go), asking the
 * source for the next one only once the client has read what was sent. The body ends after the
 * last payload. When the client goes away (`clientSignal` aborts, as fetch's signal does, or it
 * cancels the body) the body fails with the abort reason, as a real response body does, and the
 * source is stopped at once (its `return()`; see iterateUntil). A source that throws writes a
 * final `{ errors, hasNext: false }` part, so clients see the failure as a GraphQL error.
 */
export function multipartIncrementalResponse<P extends IncrementalPayload>(
  initial: P,
  subsequent: AsyncIterable<P> | Iterable<P>,
  options: MultipartIncrementalOptions<P> = {},
): Response {
  const writer = new MultipartMixedWriter()
  const response = new HttpResponse(writer.readable, { headers: { 'content-type': writer.contentType } })
  writer.writeJson(initial)
  if (!initial.hasNext) {
    writer.close()
    return response
  }
  const { clientSignal } = options
  if (clientSignal?.aborted === true) writer.error(clientSignal.reason)
  else if (clientSignal !== undefined)
    writer.signal.addEventListener(
      'abort',
      onAbort(clientSignal, () => writer.error(clientSignal.reason)),
      { once: true },
    )
  void pump(subsequent, writer, options)
  return response
}

async function pump<P extends IncrementalPayload>(
  subsequent: AsyncIterable<P> | Iterable<P>,
  writer: MultipartMixedWriter,
  options: MultipartIncrementalOptions<P>,
): Promise<void> {
  const { before, split = false } = options
  let index = 0
  const send = async (payload: P) => {
    if (writer.state !== 'open') return
    await before?.(payload, index++, writer.signal)
    writer.writeJson(payload)
    // After the last payload the body closes at once: the source has nothing more to give.
    if (payload.hasNext !== false) await writer.ready()
  }
  try {
    await writer.ready()
    await iterateUntil(subsequent, writer.signal, async (payload) => {
      for (const piece of split ? (splitPayload(payload) as P[]) : [payload]) await send(piece)
    })
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    writer.writeJson({
      errors: [{ message: `mocklib could not produce the rest of this incremental result: ${message}` }],
      hasNext: false,
    })
  }
  writer.close()
}

/** Waits `ms` before a part is sent; stops waiting, and clears its timer, when the body ends. */
export function partDelay(ms: number, ended: AbortSignal): Promise<void> {
  if (!(ms > 0) || ended.aborted) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      ended.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    ended.addEventListener('abort', done, { once: true })
  })
}

/** A deferred fragment or streamed list a payload delivers: what delays and holds select by. */
export interface IncrementalPartInfo {
  readonly label: string | undefined
  readonly path: ResultPath
}

/**
 * Tells what each payload of one result delivers, in either format: in `deferSpec=20220824` the
 * entries name their path and label; in `incrementalSpec=v0.2` the ids refer to the pending
 * entries announced before (kept here, so pass every payload in order, the initial one first).
 */
export class IncrementalPartTracker {
  readonly #pending = new Map<string, PendingEntry>()

  parts(payload: IncrementalPayload): IncrementalPartInfo[] {
    const found = new Map<string, IncrementalPartInfo>()
    const add = (path: ResultPath, label: string | undefined) =>
      found.set(`${label}@${path.join('.')}`, { label, path })
    for (const pending of ('pending' in payload && payload.pending) || []) this.#pending.set(pending.id, pending)
    for (const entry of payload.incremental ?? []) {
      if ('id' in entry) {
        const pending = this.#pending.get(entry.id)
        if (pending !== undefined) add(pending.path, pending.label)
      } else {
        add(entry.items !== undefined ? entry.path.slice(0, -1) : entry.path, entry.label)
      }
    }
    for (const completed of ('completed' in payload && payload.completed) || []) {
      const pending = this.#pending.get(completed.id)
      if (pending !== undefined) add(pending.path, pending.label)
    }
    return [...found.values()]
  }
}

/**
 * Splits a payload that delivers several parts into one payload per part, in order, so that each
 * can wait for its own delay or hold. Pending announcements and top-level errors and extensions
 * go with the first piece; only the last keeps the payload's `hasNext`.
 */
export function splitPayload(payload: IncrementalPayload): IncrementalPayload[] {
  const { incremental = [], hasNext, ...rest } = payload
  const completed = ('completed' in payload && payload.completed) || []
  const isV02 = 'completed' in payload || incremental.some((entry) => 'id' in entry)
  const pieces: IncrementalPayload[] = []
  if (!isV02) {
    if (incremental.length < 2) return [payload]
    incremental.forEach((entry, index) =>
      pieces.push({
        ...(index === 0 && rest),
        incremental: [entry as LegacyIncrementalEntry],
        hasNext: true,
      } as LegacyIncrementalPayload),
    )
  } else {
    const ids = [
      ...new Set([...incremental.map((entry) => (entry as { id: string }).id), ...completed.map((entry) => entry.id)]),
    ]
    if (ids.length < 2) return [payload]
    const { completed: _all, ...others } = rest as V02IncrementalPayload
    ids.forEach((id, index) => {
      const mine = incremental.filter(
        (entry) => (entry as { id: string }).id === id,
      ) as V02IncrementalPayload['incremental'] & object
      const done = completed.filter((entry) => entry.id === id)
      pieces.push({
        ...(index === 0 && others),
        ...(mine.length > 0 && { incremental: mine }),
        ...(done.length > 0 && { completed: done }),
        hasNext: true,
      })
    })
  }
  pieces[pieces.length - 1].hasNext = hasNext
  return pieces
}
