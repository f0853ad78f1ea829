// Real local addresses for tests that compare mocked failures with real ones.
import type { Server } from 'node:http'
import { createServer, type AddressInfo } from 'node:net'

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
