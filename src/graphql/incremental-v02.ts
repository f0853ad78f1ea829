import { AssembledResult, valueAt } from './incremental-data'
import type {
  CompletedEntry,
  LegacyIncrementalPayload,
  PendingEntry,
  V02IncrementalPayload,
} from './incremental-format'

type V02Entry = NonNullable<V02IncrementalPayload['incremental']>[number]

/** One deferred fragment, or one streamed list, with the payloads that announce and finish it. */
interface Record02 {
  pending: PendingEntry
  announceAt: number
  completeAt: number
}

/**
 * Converts a whole `deferSpec=20220824` result into the `incrementalSpec=v0.2` format.
 * Each deferred fragment gets an id, announced in `pending` in the first payload after which
 * its path exists (the initial payload when it can: Apollo Client reads a streamed list's
 * start from it), delivered as `incremental`, and finished in `completed` (with its errors when
 * its data is null). A streamed list has one id for all its items, completed with its last ones.
 * It needs all payloads: the legacy format does not say in advance what is still to come.
 */
export function legacyToV02(payloads: readonly LegacyIncrementalPayload[]): V02IncrementalPayload[] {
  const records = new Map<string, Record02>()
  const entryIds = payloads.map(() => [] as string[])
  payloads.forEach((payload, index) => {
    for (const entry of payload.incremental ?? []) {
      const isItems = entry.items !== undefined
      const path = isItems ? entry.path.slice(0, -1) : entry.path
      const key = isItems ? `stream:${JSON.stringify(path)}` : `defer:${records.size}`
      let record = records.get(key)
      if (record === undefined) {
        const pending: PendingEntry = {
          id: String(records.size),
          path,
          ...(entry.label !== undefined && { label: entry.label }),
        }
        record = { pending, announceAt: index, completeAt: index }
        records.set(key, record)
      }
      record.completeAt = index
      entryIds[index].push(record.pending.id)
    }
  })
  // Announce each as early as its path exists: most paths are in the initial data; for the
  // others, replay the payloads and look.
  const exists = (value: unknown) => value !== undefined && value !== null
  const later: Record02[] = []
  for (const record of records.values()) {
    if (exists(valueAt(payloads[0]?.data, record.pending.path))) record.announceAt = 0
    else later.push(record)
  }
  if (later.length > 0) {
    const replay = new AssembledResult()
    payloads.forEach((payload, index) => {
      replay.apply(payload)
      for (const record of later)
        if (index < record.announceAt && exists(replay.at(record.pending.path))) record.announceAt = index
    })
  }
  return payloads.map((payload, index) => convertPayload(payload, index, [...records.values()], entryIds[index]))
}

function convertPayload(
  payload: LegacyIncrementalPayload,
  index: number,
  records: readonly Record02[],
  ids: readonly string[],
): V02IncrementalPayload {
  const pending = records.filter((record) => record.announceAt === index).map((record) => record.pending)
  const incremental: V02Entry[] = []
  const completed: CompletedEntry[] = []
  ;(payload.incremental ?? []).forEach((entry, position) => {
    const id = ids[position]
    const failed = (entry.data === null || entry.items === null) && entry.errors !== undefined
    if (failed) {
      completed.push({ id, errors: entry.errors })
      return
    }
    incremental.push({
      id,
      ...(entry.items !== undefined && entry.items !== null ? { items: entry.items } : { data: entry.data ?? {} }),
      ...(entry.errors !== undefined && { errors: entry.errors }),
      ...(entry.extensions !== undefined && { extensions: entry.extensions }),
    })
  })
  for (const record of records) {
    if (record.completeAt === index && !completed.some((entry) => entry.id === record.pending.id))
      completed.push({ id: record.pending.id })
  }
  const { incremental: _legacy, ...rest } = payload
  return {
    ...rest,
    ...(pending.length > 0 && { pending }),
    ...(incremental.length > 0 && { incremental }),
    ...(completed.length > 0 && { completed }),
    hasNext: payload.hasNext,
  }
}
