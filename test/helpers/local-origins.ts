// Real local addresses for tests that compare mocked failures with real ones.
import type { Server } from 'node:http'
import { createServer, type AddressInfo } from 'node:net'
import { fault, http, type RequestHandler } from 'mocklib'

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
