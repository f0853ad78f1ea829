import { AsyncLocalStorage } from 'node:async_hooks'
import http from 'node:http'
import http2 from 'node:http2'
import https from 'node:https'

/**
 * The scope of the incoming request whose work is running now, in an app process that opted in
 * to a remote: a test's scope travels as a header on the requests it sends to the app, and every
 * request the app makes while serving one is resolved in that scope. Servers made with
 * node:http, node:https and node:http2 (what Express, Fastify, Next.js and the other Node
 * frameworks sit on) are bound by wrapping their `emit`, so the app's code does not change.
 */
const scopes = new AsyncLocalStorage<string>()

/** The scope of the incoming request being served now, if it carried one. */
export function currentIncomingScope(): string | undefined {
  return scopes.getStore()
}

type Emit = (this: unknown, event: string | symbol, ...args: unknown[]) => boolean
type Headers = Record<string, string | string[] | undefined>

/** Header names of the opted-in remotes, one entry per listening server (usually one). */
const headerNames: string[] = []
let restore: (() => void) | undefined

/** Starts binding incoming requests that carry `header` to its scope; returns the function that stops it. */
export function bindIncomingScopes(header: string): () => void {
  headerNames.push(header.toLowerCase())
  restore ??= patchServers()
  let bound = true
  return () => {
    if (!bound) return
    bound = false
    headerNames.splice(headerNames.indexOf(header.toLowerCase()), 1)
    if (headerNames.length > 0) return
    restore?.()
    restore = undefined
  }
}

function scopeIn(headers: Headers | undefined): string | undefined {
  if (headers === undefined) return undefined
  for (const name of headerNames) {
    const value = headers[name]
    if (typeof value === 'string' && value !== '') return value
  }
  return undefined
}

// The events a server emits for one incoming request (or stream), with where its headers are.
const REQUEST_EVENTS = new Set(['request', 'checkContinue', 'checkExpectation', 'upgrade', 'connect'])

function headersOf(event: string | symbol, args: unknown[]): Headers | undefined {
  if (event === 'stream') return args[1] as Headers | undefined
  if (typeof event !== 'string' || !REQUEST_EVENTS.has(event)) return undefined
  return (args[0] as { headers?: Headers } | undefined)?.headers
}

function patchServers(): () => void {
  const prototypes = new Set<object>([
    http.Server.prototype,
    https.Server.prototype,
    Object.getPrototypeOf(http2.createServer()) as object,
    Object.getPrototypeOf(http2.createSecureServer()) as object,
  ])
  const undo = [...prototypes].map(patchEmit)
  return () => {
    for (const step of undo) step()
  }
}

function patchEmit(prototype: object): () => void {
  const target = prototype as { emit: Emit }
  const own = Object.prototype.hasOwnProperty.call(prototype, 'emit')
  const original = target.emit
  const bound: Emit = function (event, ...args) {
    const scope = scopeIn(headersOf(event, args))
    return scope === undefined
      ? original.call(this, event, ...args)
      : scopes.run(scope, () => original.call(this, event, ...args))
  }
  target.emit = bound
  return () => {
    if (target.emit !== bound) return
    if (own) target.emit = original
    else delete (target as { emit?: Emit }).emit
  }
}
