// @vitest-environment jsdom
// mocklib in vitest's jsdom environment: relative handler paths resolve against the page.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

const server = setupServer(http.get('/greeting', () => HttpResponse.text('hello from the page')))

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

it('answers an XMLHttpRequest to a relative URL', async () => {
  const xhr = new XMLHttpRequest()
  const done = new Promise((resolve, reject) => {
    xhr.onload = resolve
    xhr.onerror = reject
  })
  xhr.open('GET', '/greeting')
  xhr.send()
  await done
  expect(xhr.status).toBe(200)
  expect(xhr.responseText).toBe('hello from the page')
})
