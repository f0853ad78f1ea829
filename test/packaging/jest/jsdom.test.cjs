/**
 * @jest-environment jsdom
 */
'use strict'
// mocklib under Jest's jsdom environment, with nothing added by the user. That global scope
// has no fetch, Request, Response or TextEncoder, and Jest resolves packages with the
// "browser" condition; mocklib handles both (see the README's "Jest" section).
const mocklib = require('mocklib')
const { setupServer } = require('mocklib/node')
const axios = require('axios')
const { postsChecks, postsHandlers, sendWithFetch } = require('../fixtures/posts.cjs')

const server = setupServer()

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

test('the page has Fetch API classes once mocklib is loaded', () => {
  expect(typeof window.document).toBe('object')
  for (const name of ['fetch', 'Request', 'Response', 'Headers', 'TextEncoder', 'ReadableStream']) {
    expect(typeof globalThis[name]).not.toBe('undefined')
  }
  expect(mocklib.HttpResponse.json({ a: 1 })).toBeInstanceOf(Response)
})

describe('through fetch, absolute URLs', () => {
  beforeAll(() => server.resetHandlers(...postsHandlers(mocklib)))
  for (const [name, check] of postsChecks) test(name, () => check(sendWithFetch))
})

describe('through axios in the page (XMLHttpRequest), relative URLs', () => {
  // Relative handler paths resolve against the document's location (http://localhost/).
  beforeAll(() => server.resetHandlers(...postsHandlers(mocklib, '')))
  const sendWithAxios = async (method, url, { json, cookie } = {}) => {
    // A page cannot set a Cookie header; its cookies travel from document.cookie.
    if (cookie !== undefined) document.cookie = cookie
    try {
      const response = await axios.request({
        method,
        url,
        data: json,
        responseType: 'text',
        transformResponse: (text) => text,
        validateStatus: () => true,
      })
      return { status: response.status, text: response.data }
    } finally {
      if (cookie !== undefined) document.cookie = `${cookie.split('=')[0]}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`
    }
  }
  test('axios runs on XMLHttpRequest here', () => {
    expect(require.resolve('axios')).toMatch(/browser/)
  })
  for (const [name, check] of postsChecks) test(name, () => check(sendWithAxios, ''))
})
