import { isNodeProcess } from '../environment'

const BODY_METHODS = ['text', 'json', 'arrayBuffer', 'blob', 'formData', 'clone'] as const

/**
 * Whether `Response` is Node's own (undici's) class, or one built like it: `body` and `bodyUsed`
 * read through accessors of its prototype, beside the body methods, where mocklib's Node fast
 * paths put theirs. happy-dom keeps the body in instance fields, polyfills in fields of their
 * own: those environments get the platform's own bodies.
 */
export function isNodeResponseClass(Class: typeof Response | undefined): boolean {
  const prototype = Class?.prototype
  if (prototype === undefined || !isNodeProcess()) return false
  const accessor = (name: string) => typeof Object.getOwnPropertyDescriptor(prototype, name)?.get === 'function'
  return accessor('body') && accessor('bodyUsed') && BODY_METHODS.every((name) => typeof prototype[name] === 'function')
}

/**
 * Whether the global `fetch`, `Request` and `Response` are Node's own: the Response as above,
 * and a Request with undici's `duplex` accessor (happy-dom's, jsdom polyfills' and browsers'
 * classes have none).
 */
export function hasNodeFetch(): boolean {
  const scope = globalThis as { Request?: typeof Request; Response?: typeof Response }
  const request = scope.Request?.prototype
  return (
    isNodeResponseClass(scope.Response) &&
    request !== undefined &&
    typeof Object.getOwnPropertyDescriptor(request, 'duplex')?.get === 'function'
  )
}
