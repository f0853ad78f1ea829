import { mediaRanges } from '../runtime/media-ranges'

/**
 * The two wire formats of `@defer`/`@stream` results, and which one a request's Accept names.
 *
 * - `deferSpec=20220824`: each later payload carries `incremental: [{ data | items, path, label? }]`,
 *   addressed by path (graphql 17 `legacyExecuteIncrementally`, `@graphql-tools/executor` 1 and 2).
 * - `incrementalSpec=v0.2`: the payloads announce `pending: [{ id, path, label? }]`, deliver
 *   `incremental: [{ id, data | items }]` and end each with `completed: [{ id, errors? }]`
 *   (graphql 17 `experimentalExecuteIncrementally`).
 */
export type IncrementalFormat = 'deferSpec=20220824' | 'incrementalSpec=v0.2'

export const INCREMENTAL_FORMATS: readonly IncrementalFormat[] = ['deferSpec=20220824', 'incrementalSpec=v0.2']

/** A GraphQL error as it travels in JSON. */
export interface IncrementalError {
  message: string
  locations?: ReadonlyArray<{ line: number; column: number }>
  path?: ReadonlyArray<string | number>
  extensions?: Record<string, unknown>
}

export type ResultPath = ReadonlyArray<string | number>

/** One deferred fragment's data, or some streamed items, in the `deferSpec=20220824` format. */
export interface LegacyIncrementalEntry {
  /** Where `data` goes; for items, the list's path and the index of the first item. */
  path: ResultPath
  label?: string
  data?: Record<string, unknown> | null
  items?: readonly unknown[] | null
  errors?: readonly IncrementalError[]
  extensions?: Record<string, unknown>
}

/** A payload of the `deferSpec=20220824` format: the first has `data`, later ones `incremental`. */
export interface LegacyIncrementalPayload {
  data?: Record<string, unknown> | null
  errors?: readonly IncrementalError[]
  incremental?: readonly LegacyIncrementalEntry[]
  hasNext: boolean
  extensions?: Record<string, unknown>
}

export interface PendingEntry {
  id: string
  path: ResultPath
  label?: string
}

export interface CompletedEntry {
  id: string
  errors?: readonly IncrementalError[]
}

/** A payload of the `incrementalSpec=v0.2` format. */
export interface V02IncrementalPayload {
  data?: Record<string, unknown> | null
  errors?: readonly IncrementalError[]
  pending?: readonly PendingEntry[]
  incremental?: ReadonlyArray<{
    id: string
    subPath?: ResultPath
    data?: Record<string, unknown>
    items?: readonly unknown[]
    errors?: readonly IncrementalError[]
    extensions?: Record<string, unknown>
  }>
  completed?: readonly CompletedEntry[]
  hasNext: boolean
  extensions?: Record<string, unknown>
}

export type IncrementalPayload = LegacyIncrementalPayload | V02IncrementalPayload

/**
 * The incremental format a request accepts, from the `multipart/mixed` entries of its Accept
 * header: `deferSpec=20220824` or `incrementalSpec=v0.2` by name, `fallback` for a plain
 * `multipart/mixed` (urql sends one), and undefined when it accepts no multipart answer (or
 * only names spec versions mocklib does not know, or only multipart subscriptions).
 */
export function incrementalFormatOf(
  accept: string | null,
  fallback: IncrementalFormat = 'deferSpec=20220824',
): IncrementalFormat | undefined {
  if (accept === null) return undefined
  let plain = false
  for (const { type, parameters, quality } of mediaRanges(accept)) {
    if (type !== 'multipart/mixed' || !(quality > 0)) continue
    const deferSpec = parameters.get('deferspec')
    const incrementalSpec = parameters.get('incrementalspec')
    if (deferSpec !== undefined || incrementalSpec !== undefined) {
      if (deferSpec === '20220824') return 'deferSpec=20220824'
      if (incrementalSpec === 'v0.2') return 'incrementalSpec=v0.2'
      continue
    }
    if (!parameters.has('subscriptionspec')) plain = true
  }
  return plain ? fallback : undefined
}
