// @vitest-environment jsdom
// XMLHttpRequest in jsdom under msw 2.14 and mocklib: mocked answers, HttpResponse.error(),
// thrown errors, relative handler paths against the document.
import { expect, it } from 'vitest'
import { runBoth, withServer, type Lib } from './harness'

function xhr(
  method: string,
  url: string,
): Promise<{ status: number; statusText: string; body: string; events: string[]; contentType: string | null }> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest()
    const events: string[] = []
    const done = () =>
      resolve({
        status: request.status,
        statusText: request.statusText,
        body: request.responseText,
        events,
        contentType: request.getResponseHeader('content-type'),
      })
    for (const name of ['load', 'error', 'abort', 'timeout']) request.addEventListener(name, () => events.push(name))
    request.addEventListener('loadend', () => {
      events.push('loadend')
      done()
    })
    request.open(method, url)
    request.send()
  })
}

const cases: Array<[string, (lib: Lib) => ReturnType<Lib['http']['get']>]> = [
  ['a JSON answer', (lib) => lib.http.get('http://a.test/x', () => lib.HttpResponse.json({ a: 1 }, { status: 201 }))],
  ['HttpResponse.error()', (lib) => lib.http.get('http://a.test/x', () => lib.HttpResponse.error())],
  [
    'a thrown error',
    (lib) =>
      lib.http.get('http://a.test/x', () => {
        throw new Error('broke')
      }),
  ],
  ['a 404', (lib) => lib.http.get('http://a.test/x', () => new lib.HttpResponse(null, { status: 404 }))],
]

it.each(cases)('%s', async (_, handler) => {
  const { msw, mocklib } = await runBoth((lib) =>
    withServer(lib, [handler(lib)], { onUnhandledRequest: 'bypass' }, async () => {
      const result = await xhr('GET', 'http://a.test/x')
      // The 500 body carries a stack naming each library's frames.
      return result.status === 500 ? { ...result, body: JSON.parse(result.body).message } : result
    }),
  )
  expect(mocklib).toEqual(msw)
})

it('a relative handler path resolves against the document', async () => {
  const { msw, mocklib } = await runBoth((lib) =>
    withServer(
      lib,
      [lib.http.get('/api/user', () => lib.HttpResponse.json({ name: 'jsdom' }))],
      { onUnhandledRequest: 'bypass' },
      async () => [await xhr('GET', '/api/user'), await (await fetch(new URL('/api/user', location.href))).json()],
    ),
  )
  expect(mocklib).toEqual(msw)
})
