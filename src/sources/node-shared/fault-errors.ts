import { getSystemErrorMap } from 'node:util'
import type { ConnectionFaultKind, FaultKind } from '../../runtime/fault'

/**
 * The errors Node's sockets and undici give for a network that fails, built with the same
 * message, `code`, `errno` and `syscall` (as measured against a real 127.0.0.1 server in
 * test/faults/node-clients.test.ts), so a client's error handling and retry logic see a fault
 * exactly as a real one.
 */

/** The platform's errno for a libuv error name (negative, as Node reports it). */
function errnoOf(code: string): number | undefined {
  for (const [errno, [name]] of getSystemErrorMap()) if (name === code) return errno
  return undefined
}

function systemError(message: string, code: string, syscall: string, extra: object = {}): Error {
  return Object.assign(new Error(message), { errno: errnoOf(code), code, syscall, ...extra })
}

/** A connection the server reset: the socket's read fails. */
function resetError(): Error {
  return systemError('read ECONNRESET', 'ECONNRESET', 'read')
}

/** A socket error before any response: what `http.request` and `undici.request` fail with. */
export function connectionError(kind: ConnectionFaultKind, url: URL): Error {
  if (kind === 'reset') return resetError()
  if (kind === 'dns') {
    const hostname = url.hostname
    return Object.assign(systemError(`getaddrinfo ENOTFOUND ${hostname}`, 'ENOTFOUND', 'getaddrinfo', { hostname }), {
      // Node names getaddrinfo's "no such name" ENOTFOUND, with libuv's errno for it.
      errno: errnoOf('EAI_NONAME'),
    })
  }
  const address = url.hostname.replace(/^\[|\]$/g, '')
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80))
  const shown = address.includes(':') ? `[${address}]:${port}` : `${address}:${port}`
  return systemError(`connect ECONNREFUSED ${shown}`, 'ECONNREFUSED', 'connect', { address, port })
}

/** undici's `SocketError` (its class is undici's own: this one has its name, message and code). */
class SocketError extends Error {
  override readonly name = 'SocketError'
  readonly code = 'UND_ERR_SOCKET'
}

/**
 * The socket error when a body is cut: a reset is `read ECONNRESET`; a connection closed
 * short of the body is undici's "other side closed" (Node's http sees the close itself).
 */
export function cutError(kind: Extract<FaultKind, 'reset-after' | 'truncate'>): Error {
  return kind === 'reset-after' ? resetError() : new SocketError('other side closed')
}

/** Node's fetch failing before a response: `TypeError: fetch failed` with the socket error as cause. */
export function fetchFailed(cause: Error): TypeError {
  return new TypeError('fetch failed', { cause })
}

/** Node's fetch failing while reading a body: `TypeError: terminated` with the socket error as cause. */
export function fetchTerminated(cause: Error): TypeError {
  return new TypeError('terminated', { cause })
}
