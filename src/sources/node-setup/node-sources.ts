import { MocklibTypeError } from '../../runtime/errors'
import { format } from '../../runtime/messages'

/**
 * What catches requests in Node (`listen({ sources })`): `'interceptors'`, the default, patches
 * the globals (fetch, http/https, XMLHttpRequest, WebSocket); `'undici'` installs undici's global
 * dispatcher (undici.request/stream/pipeline/fetch, Node's EventSource; sources/undici/shared-dispatcher.ts).
 */
export type NodeSource = 'interceptors' | 'undici'

const KNOWN: readonly NodeSource[] = ['interceptors', 'undici']
const DEFAULT: ReadonlySet<NodeSource> = new Set(['interceptors'])

/** The sources `listen()` was given, checked: an unknown name or an empty list throws. */
export function validateSources(sources: readonly NodeSource[] | undefined): ReadonlySet<NodeSource> {
  if (sources === undefined) return DEFAULT
  const valid = Array.isArray(sources) && sources.length > 0 && sources.every((name) => KNOWN.includes(name))
  if (!valid) {
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      format(
        `server.listen({ sources }) got ${describe(sources)}. Give a non-empty list of ${KNOWN.map((name) => `'${name}'`).join(' and ')}, for example { sources: ['interceptors', 'undici'] }.`,
      ),
    )
  }
  return new Set(sources)
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}
