import type { CompiledPredicate, HandlerOperationType } from './compile-predicate'
import type { CompiledEndpoint } from './endpoint'

/** A handler's `info.header`, as MSW 2 prints it: `query GetUser (origin: *)`, `all (origin: <link URL>)`. */
export function headerOf(
  type: HandlerOperationType | 'subscription',
  predicate: CompiledPredicate,
  endpoint: CompiledEndpoint | undefined,
): string {
  const origin = ` (origin: ${endpoint?.source ?? '*'})`
  if (type === 'all' || predicate.kind === 'all') return `${type}${origin}`
  return `${type} ${predicateText(predicate)}${origin}`
}

function predicateText(predicate: Exclude<CompiledPredicate, { kind: 'all' }>): string {
  switch (predicate.kind) {
    case 'name':
      return predicate.name
    case 'regexp':
      return String(predicate.regexp)
    case 'hash':
      return `sha256:${predicate.hash.slice(0, 12)}…`
    case 'custom':
      return '[custom predicate]'
  }
}
