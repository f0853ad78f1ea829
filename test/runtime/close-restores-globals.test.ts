// close() puts back exactly what listen() patched (checked by identity), listen() works again
// after close(), and requests made after close() are not intercepted.
import http from 'node:http'
import https from 'node:https'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { http as rest, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server'

function snapshot() {
  return {
    fetch: globalThis.fetch,
    'http.request': http.request,
    'http.get': http.get,
    'http.ClientRequest': http.ClientRequest,
    'https.request': https.request,
    'https.get': https.get,
  }
}

let real: RecordingServer
beforeAll(async () => {
  real = await startRecordingServer()
})
afterAll(() => real.close())

it('listen() patches fetch, http and https; close() restores every one of them by identity', () => {
  const original = snapshot()
  const server = setupServer()
  server.listen()
  const patched = snapshot()
  for (const key of ['fetch', 'http.request', 'http.get', 'https.request', 'https.get'] as const) {
    expect(patched[key], key).not.toBe(original[key])
  }
  server.close()
  expect(snapshot()).toEqual(original)
  for (const [key, value] of Object.entries(snapshot())) expect(value, key).toBe(original[key as keyof typeof original])
})

it('restores exactly after many listen/close cycles', () => {
  const original = snapshot()
  const server = setupServer()
  for (let cycle = 0; cycle < 25; cycle++) {
    server.listen()
    server.close()
  }
  for (const [key, value] of Object.entries(snapshot())) expect(value, key).toBe(original[key as keyof typeof original])
})

it('listen() after close() intercepts again; between the two, requests go to the network untouched', async () => {
  const server = setupServer(rest.get(`${real.origin}/who`, () => HttpResponse.text('mocked')))
  server.listen()
  expect(await (await fetch(`${real.origin}/who`)).text()).toBe('mocked')

  server.close()
  const direct = await fetch(`${real.origin}/who`)
  expect(direct.headers.get('x-received-method')).toBe('GET')
  expect(real.requests).toHaveLength(1)

  server.listen()
  expect(await (await fetch(`${real.origin}/who`)).text()).toBe('mocked')
  server.close()
})

it('a second close() is harmless', () => {
  const original = snapshot()
  const server = setupServer()
  server.listen()
  server.close()
  expect(() => server.close()).not.toThrow()
  expect(snapshot().fetch).toBe(original.fetch)
})

it('two servers listening one after the other each restore cleanly', () => {
  const original = snapshot()
  const first = setupServer()
  const second = setupServer()
  first.listen()
  first.close()
  second.listen()
  second.close()
  for (const [key, value] of Object.entries(snapshot())) expect(value, key).toBe(original[key as keyof typeof original])
})
