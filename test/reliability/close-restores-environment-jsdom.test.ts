// @vitest-environment jsdom
// Guarantee: in a page-like environment (jsdom), close() restores XMLHttpRequest and fetch by
// identity, on globalThis and on window, and leaves the original XMLHttpRequest's prototype
// untouched, over 1,000 listen/close cycles with requests in between.
import { expect, it } from 'vitest'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

const names = ['XMLHttpRequest', 'fetch', 'Request', 'Response', 'Headers', 'FormData', 'Blob'] as const

const OriginalXhr = globalThis.XMLHttpRequest

/** The globals by identity, and every method and accessor of the original XMLHttpRequest. */
function snapshot(): Map<string, unknown> {
  const entries = new Map<string, unknown>()
  for (const name of names) {
    entries.set(`globalThis.${name}`, (globalThis as Record<string, unknown>)[name])
    entries.set(`window.${name}`, (window as unknown as Record<string, unknown>)[name])
  }
  for (const key of Reflect.ownKeys(OriginalXhr.prototype)) {
    const descriptor = Object.getOwnPropertyDescriptor(OriginalXhr.prototype, key)!
    entries.set(`XMLHttpRequest.prototype.${String(key)}`, descriptor.value ?? descriptor.get)
  }
  return entries
}

function xhrText(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('GET', url)
    xhr.onload = () => resolve(xhr.responseText)
    xhr.onerror = () => reject(new Error('XMLHttpRequest failed'))
    xhr.send()
  })
}

it('1,000 listen/close cycles leave XMLHttpRequest, fetch and the Fetch API classes the originals', async () => {
  const server = setupServer(http.get('http://cycle.test/ping', () => HttpResponse.text('pong')))
  const original = snapshot()
  let patched = false
  for (let cycle = 0; cycle < 1_000; cycle++) {
    server.listen()
    if (cycle === 0) patched = globalThis.XMLHttpRequest !== original.get('globalThis.XMLHttpRequest')
    if (cycle % 100 === 0) expect(await xhrText('http://cycle.test/ping')).toBe('pong')
    server.close()
    for (const [key, value] of snapshot()) {
      if (!Object.is(value, original.get(key))) expect.fail(`after close() #${cycle + 1}: ${key} is not the original`)
    }
  }
  expect(patched).toBe(true)
})
