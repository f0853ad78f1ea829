// `mocklib/browser` in Node: importing it works (shared code may import it); calling
// setupWorker() says to use `mocklib/node`.
import { expect, it } from 'vitest'
import { http, HttpResponse } from 'mocklib'
import * as browser from 'mocklib/browser'

it('imports under Node, and setupWorker() points to mocklib/node', () => {
  expect(typeof browser.setupWorker).toBe('function')
  expect(browser.DEFAULT_WORKER_URL).toBe('/mockServiceWorker.js')
  expect(() => browser.setupWorker(http.get('/x', () => HttpResponse.text('x')))).toThrow(
    /setupWorker\(\) runs in a web page only\. In Node .* import \{ setupServer \} from "mocklib\/node" instead\./,
  )
})
