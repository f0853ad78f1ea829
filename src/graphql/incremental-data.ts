import type { IncrementalError, LegacyIncrementalPayload, ResultPath } from './incremental-format'

/**
 * Result data being assembled from incremental payloads: deferred data is merged at its path,
 * streamed items are placed at their index. Used to answer a client that accepts no multipart
 * with one complete result, and to know which paths exist while converting formats.
 */
export class AssembledResult {
  data: Record<string, unknown> | null | undefined
  readonly errors: IncrementalError[] = []
  extensions: Record<string, unknown> | undefined

  /** Applies one payload of the `deferSpec=20220824` format. */
  apply(payload: LegacyIncrementalPayload): void {
    if ('data' in payload)
      this.data = payload.data === null || payload.data === undefined ? payload.data : structuredClone(payload.data)
    if (payload.errors !== undefined) this.errors.push(...payload.errors)
    if (payload.extensions !== undefined) this.extensions = { ...this.extensions, ...payload.extensions }
    for (const entry of payload.incremental ?? []) {
      if (entry.errors !== undefined) this.errors.push(...entry.errors)
      if (entry.items !== undefined && entry.items !== null) {
        const list = this.at(entry.path.slice(0, -1))
        const start = entry.path[entry.path.length - 1] as number
        if (Array.isArray(list)) entry.items.forEach((item, offset) => (list[start + offset] = structuredClone(item)))
      } else if (entry.data !== undefined && entry.data !== null) {
        const target = this.at(entry.path)
        if (isObject(target)) mergeInto(target, entry.data)
      }
    }
  }

  /** The value at `path`, or undefined when the path does not exist (yet). */
  at(path: ResultPath): unknown {
    return valueAt(this.data, path)
  }

  /** The one complete result: `{ data, errors?, extensions? }`. */
  result(): {
    data?: Record<string, unknown> | null
    errors?: IncrementalError[]
    extensions?: Record<string, unknown>
  } {
    return {
      ...(this.data !== undefined && { data: this.data }),
      ...(this.errors.length > 0 && { errors: this.errors }),
      ...(this.extensions !== undefined && { extensions: this.extensions }),
    }
  }
}

/**
 * Assembles the payloads of an incremental result in the `deferSpec=20220824` format, initial first, into one result.
 */
export function assembleLegacy(payloads: readonly LegacyIncrementalPayload[]): ReturnType<AssembledResult['result']> {
  const assembled = new AssembledResult()
  for (const payload of payloads) assembled.apply(payload)
  return assembled.result()
}

/** The value at `path` in result data, or undefined when the path does not exist. */
export function valueAt(data: unknown, path: ResultPath): unknown {
  let value = data
  for (const key of path) {
    if (!isObject(value) && !Array.isArray(value)) return undefined
    value = (value as Record<string | number, unknown>)[key]
  }
  return value
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function mergeInto(target: Record<string, unknown>, source: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key]
    if (isObject(existing) && isObject(value)) mergeInto(existing, value)
    else if (Array.isArray(existing) && Array.isArray(value)) mergeLists(existing, value)
    else target[key] = structuredClone(value)
  }
}

function mergeLists(target: unknown[], source: readonly unknown[]): void {
  source.forEach((value, index) => {
    const existing = target[index]
    if (isObject(existing) && isObject(value)) mergeInto(existing, value)
    else target[index] = structuredClone(value)
  })
}
