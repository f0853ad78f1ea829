// Guarantee: after close(), the process is exactly as it was. Every own property of globalThis
// and of the http, https and net modules (values, getters and setters, compared by identity) is
// the original, over 1,000 listen/close cycles with requests in between; requests made after
// close() reach the real server untouched.
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import { createRequire } from 'node:module'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { http as rest, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server'

type Snapshot = Map<string, unknown>

/** Every own property of the objects, as name → value (or getter and setter), by identity. */
function snapshot(): Snapshot {
  const require = createRequire(import.meta.url)
  const targets: Record<string, object> = {
    globalThis,
    http,
    https,
    net,
    // The CommonJS view of the same modules, which code loaded with require() sees.
    'require(http)': require('node:http') as object,
    'require(https)': require('node:https') as object,
  }
  const entries: Snapshot = new Map()
  for (const [name, target] of Object.entries(targets)) {
    for (const key of Reflect.ownKeys(target)) {
      const descriptor = Object.getOwnPropertyDescriptor(target, key)!
      const label = `${name}.${String(key)}`
      if ('value' in descriptor) entries.set(label, descriptor.value)
      else {
        entries.set(`${label} (get)`, descriptor.get)
        entries.set(`${label} (set)`, descriptor.set)
      }
    }
  }
  return entries
}

function differences(before: Snapshot, after: Snapshot): string[] {
  const changed: string[] = []
  for (const key of after.keys()) if (!before.has(key)) changed.push(`added ${key}`)
  for (const [key, value] of before) {
    if (!after.has(key)) changed.push(`removed ${key}`)
    else if (!Object.is(after.get(key), value)) changed.push(`replaced ${key}`)
  }
  return changed
}

let real: RecordingServer
beforeAll(async () => {
  real = await startRecordingServer()
})
afterAll(() => real.close())

it('1,000 listen/close cycles leave every global and module property the original, by identity', async () => {
  const server = setupServer(rest.get('http://cycle.test/ping', () => HttpResponse.text('pong')))
  // Modules load lazily on the first request (undici, GraphQL): settle them before the baseline.
  server.listen()
  await (await fetch('http://cycle.test/ping')).text()
  server.close()
  await (await fetch(`${real.origin}/warm-up`)).text()

  const original = snapshot()
  let patchedSomething = false
  for (let cycle = 0; cycle < 1_000; cycle++) {
    server.listen()
    if (cycle === 0) patchedSomething = differences(original, snapshot()).length > 0
    if (cycle % 100 === 0) expect(await (await fetch('http://cycle.test/ping')).text()).toBe('pong')
    server.close()
    const changed = differences(original, snapshot())
    if (changed.length > 0) expect.fail(`after close() #${cycle + 1}: ${changed.join(', ')}`)
  }
  // The comparison can fail: listening does replace things.
  expect(patchedSomething).toBe(true)

  // After the last close(), requests are the network's again.
  const response = await fetch(`${real.origin}/after-close`)
  expect(response.headers.get('x-received-method')).toBe('GET')
  expect(real.requests.map((request) => request.path)).toContain('/after-close')
})
