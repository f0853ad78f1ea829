// HttpResponse: what each form sets by default, checked on the object and as a client receives it.
import nodeHttp from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

const url = 'https://api.test/response'
const server = setupServer()

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

/** What fetch receives when a resolver answers with `make()`. */
async function received(make: () => Response): Promise<Response> {
  server.use(http.get(url, make))
  return fetch(url)
}

describe('new HttpResponse(body, init)', () => {
  it('defaults to 200 OK; a string body is text/plain', async () => {
    const response = await received(() => new HttpResponse('hello'))
    expect(response.status).toBe(200)
    expect(response.statusText).toBe('OK')
    expect(response.headers.get('content-type')).toBe('text/plain;charset=UTF-8')
    expect(await response.text()).toBe('hello')
  })

  it('fills statusText from the status, unless one is given', async () => {
    expect((await received(() => new HttpResponse(null, { status: 404 }))).statusText).toBe('Not Found')
    expect((await received(() => new HttpResponse(null, { status: 418 }))).statusText).toBe("I'm a Teapot")
    expect((await received(() => new HttpResponse(null, { status: 503 }))).statusText).toBe('Service Unavailable')
    expect((await received(() => new HttpResponse(null, { status: 500, statusText: 'Custom' }))).statusText).toBe(
      'Custom',
    )
  })

  it('keeps a null body empty, with no content type', async () => {
    const response = await received(() => new HttpResponse(null, { status: 401 }))
    expect(response.headers.get('content-type')).toBeNull()
    expect(await response.text()).toBe('')
  })

  it('forces a null body for 204 and 304, whatever was passed', async () => {
    for (const status of [204, 304]) {
      const response = new HttpResponse('ignored', { status })
      expect(response.status).toBe(status)
      expect(response.body).toBeNull()
    }
    const noContent = await received(() => new HttpResponse('ignored', { status: 204 }))
    expect(noContent.status).toBe(204)
    expect(noContent.statusText).toBe('No Content')
    expect(await noContent.text()).toBe('')
  })

  it('a shorthand with a null-body status announces no body, so no client waits for one', async () => {
    const viaHttpGet = (status: number) =>
      new Promise<{ status: number; body: string; length: string | undefined }>((resolve, reject) => {
        const plainUrl = 'http://api.test/null-body'
        server.use(http.get(plainUrl, () => HttpResponse.json({ ignored: true }, { status })))
        nodeHttp
          .get(plainUrl, (response) => {
            let body = ''
            response.on('data', (chunk: Buffer) => (body += chunk))
            response.on('end', () =>
              resolve({ status: response.statusCode!, body, length: response.headers['content-length'] }),
            )
          })
          .on('error', reject)
      })
    expect(await viaHttpGet(204)).toEqual({ status: 204, body: '', length: undefined })
    // 205 says "reset content" with an explicit zero length (RFC 9110, section 15.3.6).
    expect(await viaHttpGet(205)).toEqual({ status: 205, body: '', length: '0' })
    expect((await viaHttpGet(304)).body).toBe('')

    const viaFetch = await received(() => new HttpResponse('x', { status: 205, headers: { 'content-length': '1' } }))
    expect(viaFetch.headers.get('content-length')).toBe('0')
    expect(await viaFetch.text()).toBe('')
  })

  it('accepts 101 and 103, which the platform Response constructor refuses', () => {
    expect(() => new Response(null, { status: 101 })).toThrow(RangeError)
    const switching = new HttpResponse(null, { status: 101 })
    expect(switching.status).toBe(101)
    expect(switching.statusText).toBe('Switching Protocols')
    expect(switching.ok).toBe(false)
    const hints = new HttpResponse(null, { status: 103 })
    expect(hints.status).toBe(103)
    expect(hints.statusText).toBe('Early Hints')
  })

  it('passes custom headers through to the client', async () => {
    const response = await received(
      () => new HttpResponse('x', { headers: { 'x-request-id': 'abc', 'cache-control': 'no-store' } }),
    )
    expect(response.headers.get('x-request-id')).toBe('abc')
    expect(response.headers.get('cache-control')).toBe('no-store')
  })
})

describe('HttpResponse.text()', () => {
  it('sets text/plain and the byte length', async () => {
    const response = await received(() => HttpResponse.text('héllo ✓'))
    expect(response.headers.get('content-type')).toBe('text/plain')
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength('héllo ✓')))
    expect(await response.text()).toBe('héllo ✓')
  })

  it('with no body: empty, content-length 0', async () => {
    const response = await received(() => HttpResponse.text())
    expect(response.headers.get('content-length')).toBe('0')
    expect(await response.text()).toBe('')
  })

  it('keeps an explicit content type and status', async () => {
    const response = await received(() =>
      HttpResponse.text('csv,data', { status: 202, headers: { 'content-type': 'text/csv' } }),
    )
    expect(response.status).toBe(202)
    expect(response.statusText).toBe('Accepted')
    expect(response.headers.get('content-type')).toBe('text/csv')
  })
})

describe('HttpResponse.json()', () => {
  it('stringifies the body, sets application/json and the byte length', async () => {
    const body = { title: 'Créé', tags: ['a', 'b'], nested: { n: 1 } }
    const response = await received(() => HttpResponse.json(body, { status: 201 }))
    expect(response.status).toBe(201)
    expect(response.statusText).toBe('Created')
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(JSON.stringify(body))))
    expect(await response.json()).toEqual(body)
  })

  it('serializes null, arrays, strings and numbers as JSON', async () => {
    expect(await (await received(() => HttpResponse.json(null))).text()).toBe('null')
    expect(await (await received(() => HttpResponse.json([1, 2]))).json()).toEqual([1, 2])
    expect(await (await received(() => HttpResponse.json('text'))).json()).toBe('text')
    expect(await (await received(() => HttpResponse.json(42))).json()).toBe(42)
  })

  it('with no body: empty, content-length 0', async () => {
    const response = await received(() => HttpResponse.json())
    expect(response.headers.get('content-length')).toBe('0')
    expect(await response.text()).toBe('')
  })

  it('keeps an explicit content type', async () => {
    const response = await received(() =>
      HttpResponse.json({ data: [] }, { headers: { 'content-type': 'application/vnd.api+json' } }),
    )
    expect(response.headers.get('content-type')).toBe('application/vnd.api+json')
  })
})

describe('HttpResponse.xml() and .html()', () => {
  it('xml sets text/xml', async () => {
    const response = await received(() => HttpResponse.xml('<post id="1"/>'))
    expect(response.headers.get('content-type')).toBe('text/xml')
    expect(await response.text()).toBe('<post id="1"/>')
  })

  it('html sets text/html', async () => {
    const response = await received(() => HttpResponse.html('<p>Hi</p>'))
    expect(response.headers.get('content-type')).toBe('text/html')
    expect(await response.text()).toBe('<p>Hi</p>')
  })
})

describe('HttpResponse.arrayBuffer()', () => {
  it('sends the bytes with application/octet-stream and their length', async () => {
    const bytes = new Uint8Array([0, 1, 127, 128, 254, 255])
    const response = await received(() => HttpResponse.arrayBuffer(bytes.buffer))
    expect(response.headers.get('content-type')).toBe('application/octet-stream')
    expect(response.headers.get('content-length')).toBe('6')
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes)
  })

  it('sends only the viewed bytes of a typed-array view', async () => {
    const view = new Uint8Array([9, 9, 1, 2, 3, 9]).subarray(2, 5)
    const response = await received(() => HttpResponse.arrayBuffer(view))
    expect(response.headers.get('content-length')).toBe('3')
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]))
  })
})

describe('HttpResponse.formData()', () => {
  it('sends multipart/form-data the client can parse', async () => {
    const response = await received(() => {
      const form = new FormData()
      form.set('name', 'Ada')
      form.set('file', new Blob(['file contents'], { type: 'text/plain' }), 'notes.txt')
      return HttpResponse.formData(form)
    })
    expect(response.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/)
    const form = await response.formData()
    expect(form.get('name')).toBe('Ada')
    const file = form.get('file') as File
    expect(file.name).toBe('notes.txt')
    expect(await file.text()).toBe('file contents')
  })
})

describe('HttpResponse.error()', () => {
  it('is a network error response', () => {
    const response = HttpResponse.error()
    expect(response.type).toBe('error')
    expect(response.status).toBe(0)
  })
})
