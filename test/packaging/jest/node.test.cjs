/**
 * @jest-environment node
 */
'use strict'
// mocklib under Jest's node environment (CommonJS, the `require` build).
const mocklib = require('mocklib')
const { setupServer } = require('mocklib/node')
const axios = require('axios')
const { postsChecks, postsHandlers, sendWithFetch } = require('../fixtures/posts.cjs')

const server = setupServer(...postsHandlers(mocklib))

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

describe('through fetch', () => {
  for (const [name, check] of postsChecks) test(name, () => check(sendWithFetch))
})

describe('through axios (http adapter)', () => {
  beforeAll(() => server.resetHandlers(...postsHandlers(mocklib)))
  const sendWithAxios = async (method, url, { json, cookie } = {}) => {
    const response = await axios.request({
      method,
      url,
      data: json,
      headers: cookie === undefined ? {} : { cookie },
      responseType: 'text',
      transformResponse: (text) => text,
      validateStatus: () => true,
    })
    return { status: response.status, text: response.data }
  }
  for (const [name, check] of postsChecks) test(name, () => check(sendWithAxios))
})
