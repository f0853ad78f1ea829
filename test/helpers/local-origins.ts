// Real local addresses for tests that compare mocked failures with real ones.
import type { Server, ServerResponse } from 'node:http'
import { createServer, type AddressInfo } from 'node:net'
import { fault, http, HttpResponse, type RequestHandler } from 'mocklib'

/** A host name that never resolves (`.invalid` is reserved for that). */
export const NOWHERE = 'http://faults-nowhere.invalid/'

/** Starts `server` on 127.0.0.1 and gives its origin. */
export async function listenLocally(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** An origin where nothing listens: a port bound, then freed. */
export async function deadOrigin(): Promise<string> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return origin
}

/** Stops a server `listenLocally` started. */
export function closeLocally(server: Server): Promise<void> {
  return new Promise<void>((resolve) => server.close(() => resolve()))
}

/** Handlers failing `deadOrigin` as a port where nothing listens and `NOWHERE` as a name that does not resolve. */
export function unreachableFaults(deadOrigin: string): RequestHandler[] {
  return [http.get(`${deadOrigin}/`, () => fault.refused()), http.get(NOWHERE, () => fault.dns())]
}

/** The body the fault tests' servers, real and mocked, fail partway: 100 bytes, of which 10 arrive. */
export const BODY = 'x'.repeat(100)
const HEAD = 10

/** A real server's start of BODY: Content-Length for all of it, its first bytes, then `sent` once they have left. */
export function writeBodyHead(response: ServerResponse, sent: () => void): void {
  response.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(BODY.length) })
  response.write(BODY.slice(0, HEAD), sent)
}

/** Handlers failing `${base}/reset`, `/reset-after` and `/truncate` with the fault of that name, after BODY's first bytes. */
export function bodyFaults(base: string): RequestHandler[] {
  return [
    http.get(`${base}/reset`, () => fault.reset()),
    http.get(`${base}/reset-after`, () => fault.resetAfter(HttpResponse.text(BODY), HEAD)),
    http.get(`${base}/truncate`, () => fault.truncate(HttpResponse.text(BODY), HEAD)),
  ]
}
