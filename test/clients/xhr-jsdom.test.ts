// @vitest-environment jsdom
import { describePostsContract, type ClientResponse, type SendOptions } from '../helpers/posts-contract'

/** XMLHttpRequest in a page: relative URLs resolve against `location`, cookies come from the document. */
function sendWithXhr(method: string, url: string, options: SendOptions = {}): Promise<ClientResponse> {
  // A page cannot set the Cookie header; it sends the document's cookies instead.
  if (options.cookie !== undefined) document.cookie = options.cookie
  return new Promise<ClientResponse>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(method, url)
    if (options.json !== undefined) xhr.setRequestHeader('content-type', 'application/json')
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText })
    xhr.onerror = () => reject(new Error(`XMLHttpRequest ${method} ${url} failed`))
    xhr.send(options.json === undefined ? null : JSON.stringify(options.json))
  }).finally(() => {
    if (options.cookie !== undefined)
      document.cookie = `${options.cookie.split('=')[0]}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`
  })
}

describePostsContract('XMLHttpRequest (jsdom, relative paths)', { base: '', send: sendWithXhr })
