// Node with some Fetch API globals replaced, as test environments and polyfills do: mocklib is
// loaded after the replacement, as it is in a test file, and must use the platform's own paths.
import { JSDOM } from 'jsdom'
import { afterEach, expect, it, vi } from 'vitest'

const saved = { Headers: globalThis.Headers, URL: globalThis.URL }

afterEach(() => {
  Object.assign(globalThis, saved)
  vi.resetModules()
})

async function answerTea(): Promise<{ status: number; type: string | null; body: string }> {
  const { http, HttpResponse } = await import('mocklib')
  const { setupServer } = await import('mocklib/node')
  const server = setupServer(http.get('http://env.test/tea', () => new HttpResponse('tea', { status: 418 })))
  server.listen({ onUnhandledRequest: 'error' })
  try {
    const response = await fetch('http://env.test/tea')
    return { status: response.status, type: response.headers.get('content-type'), body: await response.text() }
  } finally {
    server.close()
  }
}

const tea = { status: 418, type: 'text/plain;charset=UTF-8', body: 'tea' }

it("answers a text body while the global Headers is jsdom's", async () => {
  globalThis.Headers = new JSDOM('').window.Headers as typeof Headers
  expect(await answerTea()).toEqual(tea)
})

it('answers while the global URL has no URL.canParse (jsdom 22 and older)', async () => {
  vi.stubGlobal('location', new URL('http://env.test/page'))
  class OldURL extends saved.URL {}
  Object.defineProperty(OldURL, 'canParse', { value: undefined })
  globalThis.URL = OldURL as typeof URL
  try {
    expect(await answerTea()).toEqual(tea)
  } finally {
    vi.unstubAllGlobals()
  }
})

/** A FormData of a class Node's Response does not encode (as Node 24's refuses jsdom's). */
class OtherRealmFormData {
  readonly #entries: Array<[string, string]> = []
  get [Symbol.toStringTag]() {
    return 'FormData'
  }
  append(name: string, value: string): void {
    this.#entries.push([name, value])
  }
  [Symbol.iterator]() {
    return this.#entries[Symbol.iterator]()
  }
}

it("answers a FormData of a class the platform's Response does not take as multipart/form-data, each time", async () => {
  const { http, HttpResponse } = await import('mocklib')
  const { setupServer } = await import('mocklib/node')
  const server = setupServer(
    http.get('http://env.test/form', ({ request }) => {
      const form = new OtherRealmFormData()
      form.append('name', new URL(request.url).searchParams.get('name') ?? '')
      return new HttpResponse(form as unknown as FormData)
    }),
  )
  server.listen({ onUnhandledRequest: 'error' })
  try {
    for (const name of ['Ada', 'Grace']) {
      const response = await fetch(`http://env.test/form?name=${name}`)
      expect(response.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/)
      expect((await response.formData()).get('name')).toBe(name)
    }
  } finally {
    server.close()
  }
})
