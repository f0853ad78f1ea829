import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { bearer, routes } from '../control/protocol'
import { nativeRequest } from './native-http'
import { sendResolveError } from './send-resolve-error'

/**
 * A scope a hub holds for another test process (a Playwright worker): the app's requests in it
 * are resolved there, by that process's own remote.
 */
export interface ForwardScope {
  readonly id: string
  readonly forward: { readonly url: URL; readonly token: string }
  readonly ended: AbortSignal
}

// Headers that describe one connection, not the exchange; the hub's own go on the next hop.
const HOP_BY_HOP = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'authorization', 'date'])

/**
 * Relays one `POST /__mocklib/resolve` to the test process holding the scope, both bodies
 * streamed as they come. The hub acknowledges at once (102), so the app's timeout covers
 * reaching the hub; a holder that cannot be reached, or goes away, fails the request naming it.
 */
export function forwardResolve(incoming: IncomingMessage, answer: ServerResponse, scope: ForwardScope): Promise<void> {
  answer.writeProcessing()
  const headers: OutgoingHttpHeaders = {}
  for (const [name, value] of Object.entries(incoming.headers))
    if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value
  headers.authorization = bearer(scope.forward.token)
  const holder = scope.forward.url.origin
  return new Promise<void>((done) => {
    const outgoing = nativeRequest(new URL(routes.resolve, scope.forward.url), { method: 'POST', headers })
    const fail = (reason: string) => {
      sendResolveError(answer, `The test process holding scope ${scope.id} at ${holder} ${reason}.`)
      done()
    }
    outgoing.on('response', (back) => {
      const relayed: OutgoingHttpHeaders = {}
      for (const [name, value] of Object.entries(back.headers))
        if (!HOP_BY_HOP.has(name) && value !== undefined) relayed[name] = value
      answer.writeHead(back.statusCode ?? 502, relayed)
      answer.flushHeaders()
      back.pipe(answer)
      back.on('close', () => {
        if (!back.complete) answer.destroy()
        done()
      })
    })
    outgoing.on('error', (error) => fail(`cannot be reached (${error.message})`))
    const end = () => outgoing.destroy(new Error(`ended scope ${scope.id}`))
    scope.ended.addEventListener('abort', end, { once: true })
    answer.on('close', () => {
      scope.ended.removeEventListener('abort', end)
      outgoing.destroy()
    })
    incoming.pipe(outgoing)
  })
}
