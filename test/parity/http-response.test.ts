// HttpResponse statics and constructor under msw 2.14 and mocklib: the Response object itself
// (status, statusText, headers, body) and what fetch and http.request receive from a handler.
import nodeHttp from 'node:http'
import { describe, expect, it } from 'vitest'
import { fetchOutcome, httpRequestOutcome, runBoth, summarize, withServer, type Lib } from './harness'

type Make = (lib: Lib) => Response

const cases: Array<[string, Make]> = [
  ['new HttpResponse()', (lib) => new lib.HttpResponse()],
  ['new HttpResponse(null, 404)', (lib) => new lib.HttpResponse(null, { status: 404 })],
  ['new HttpResponse(string)', (lib) => new lib.HttpResponse('hello')],
  [
    'new HttpResponse(string, custom statusText)',
    (lib) => new lib.HttpResponse('x', { status: 201, statusText: 'Made' }),
  ],
  ['new HttpResponse(string, empty statusText)', (lib) => new lib.HttpResponse('x', { status: 404, statusText: '' })],
  ['json() with an empty statusText', (lib) => lib.HttpResponse.json({}, { status: 503, statusText: '' })],
  ['new HttpResponse(string, 418)', (lib) => new lib.HttpResponse('teapot', { status: 418 })],
  ['new HttpResponse(string, 599)', (lib) => new lib.HttpResponse('odd', { status: 599 })],
  ['new HttpResponse(string, 600)', (lib) => new lib.HttpResponse('past the range', { status: 600 })],
  ['json(object, 999)', (lib) => lib.HttpResponse.json({ a: 1 }, { status: 999 })],
  ['new HttpResponse(Blob)', (lib) => new lib.HttpResponse(new Blob(['ab'], { type: 'image/png' }))],
  ['new HttpResponse(URLSearchParams)', (lib) => new lib.HttpResponse(new URLSearchParams({ a: '1' }))],
  ['new HttpResponse(Uint8Array)', (lib) => new lib.HttpResponse(new Uint8Array([1, 2, 3]))],
  ['text()', (lib) => lib.HttpResponse.text('plain')],
  ['text() empty', (lib) => lib.HttpResponse.text('')],
  ['text() without body', (lib) => lib.HttpResponse.text()],
  ['text() unicode', (lib) => lib.HttpResponse.text('héllo ✓')],
  ['text() with content-type', (lib) => lib.HttpResponse.text('x', { headers: { 'Content-Type': 'text/csv' } })],
  ['text() with content-length', (lib) => lib.HttpResponse.text('abc', { headers: { 'content-length': '3' } })],
  ['json(object)', (lib) => lib.HttpResponse.json({ a: 1, b: ['é'] })],
  ['json(array, 201)', (lib) => lib.HttpResponse.json([1, 2], { status: 201 })],
  ['json(null)', (lib) => lib.HttpResponse.json(null)],
  ['json(undefined)', (lib) => lib.HttpResponse.json(undefined)],
  ['json(string)', (lib) => lib.HttpResponse.json('str')],
  ['json(number)', (lib) => lib.HttpResponse.json(0)],
  [
    'json() with content-type',
    (lib) => lib.HttpResponse.json({ a: 1 }, { headers: { 'content-type': 'application/vnd.api+json' } }),
  ],
  ['json() with Headers instance', (lib) => lib.HttpResponse.json({ a: 1 }, { headers: new Headers({ 'x-a': '1' }) })],
  [
    'json() with tuple headers',
    (lib) =>
      lib.HttpResponse.json(
        { a: 1 },
        {
          headers: [
            ['x-a', '1'],
            ['x-a', '2'],
          ],
        },
      ),
  ],
  ['json() 400 statusText', (lib) => lib.HttpResponse.json({ e: 1 }, { status: 400 })],
  ['xml()', (lib) => lib.HttpResponse.xml('<a>1</a>')],
  ['xml() without body', (lib) => lib.HttpResponse.xml()],
  [
    'xml() with content-type',
    (lib) => lib.HttpResponse.xml('<a/>', { headers: { 'content-type': 'application/xml' } }),
  ],
  ['html()', (lib) => lib.HttpResponse.html('<p>hi</p>')],
  ['html() without body', (lib) => lib.HttpResponse.html()],
  ['arrayBuffer(ArrayBuffer)', (lib) => lib.HttpResponse.arrayBuffer(new Uint8Array([1, 2, 255]).buffer)],
  [
    'arrayBuffer(view)',
    (lib) => lib.HttpResponse.arrayBuffer(new Uint8Array([1, 2, 3, 4]).subarray(1, 3) as unknown as ArrayBuffer),
  ],
  ['arrayBuffer() without body', (lib) => lib.HttpResponse.arrayBuffer()],
  [
    'arrayBuffer() with content-type',
    (lib) => lib.HttpResponse.arrayBuffer(new ArrayBuffer(2), { headers: { 'content-type': 'image/png' } }),
  ],
  ['204', (lib) => new lib.HttpResponse(null, { status: 204 })],
  ['304', (lib) => new lib.HttpResponse(null, { status: 304 })],
  ['text() 304', (lib) => lib.HttpResponse.text('x', { status: 304 })],
  ['Set-Cookie', (lib) => lib.HttpResponse.text('x', { headers: { 'Set-Cookie': 'a=1; Path=/' } })],
  [
    'two Set-Cookie',
    (lib) =>
      lib.HttpResponse.text('x', {
        headers: [
          ['set-cookie', 'a=1'],
          ['set-cookie', 'b=2; HttpOnly'],
        ],
      }),
  ],
  [
    "204 with the user's content-length: 0",
    (lib) => new lib.HttpResponse(null, { status: 204, headers: { 'content-length': '0' } }),
  ],
  ['text(number)', (lib) => lib.HttpResponse.text(42 as unknown as string)],
  ['text(number) 201', (lib) => lib.HttpResponse.text(3.5 as unknown as string, { status: 201 })],
  ['status as a numeric string', (lib) => new lib.HttpResponse('made', { status: '201' as unknown as number })],
  [
    'json() status as a numeric string',
    (lib) => lib.HttpResponse.json({ a: 1 }, { status: '404' as unknown as number }),
  ],
  [
    'redirect 302 with Location',
    (lib) => new lib.HttpResponse(null, { status: 302, headers: { Location: 'http://a.test/next' } }),
  ],
]

/** The Response object a handler would return, as a user reading it sees it. */
async function readObject(response: Response) {
  return {
    instanceOfResponse: response instanceof Response,
    ...(await summarize(response)),
    setCookie: response.headers.getSetCookie(),
  }
}

describe('the Response object', () => {
  it.each(cases)('%s', async (_, make) => {
    const { msw, mocklib } = await runBoth(async (lib) => readObject(make(lib)))
    expect(mocklib).toEqual(msw)
  })

  it.each([
    ['101', 101],
    ['103', 103],
  ])('status %s is accepted and has no body', async (_, status) => {
    const { msw, mocklib } = await runBoth(async (lib) => {
      try {
        const response = new lib.HttpResponse(null, { status })
        return { status: response.status, statusText: response.statusText, body: response.body }
      } catch (error) {
        return (error as Error).constructor.name
      }
    })
    expect(mocklib).toEqual(msw)
  })

  it('HttpResponse.error() is a network error response', async () => {
    const { msw, mocklib } = await runBoth(async (lib) => {
      const response = lib.HttpResponse.error()
      return { type: response.type, status: response.status, instance: response instanceof Response }
    })
    expect(mocklib).toEqual(msw)
  })

  it('formData() carries the multipart body and its boundary', async () => {
    const { msw, mocklib } = await runBoth(async (lib) => {
      const form = new FormData()
      form.set('name', 'Ada')
      form.set('file', new Blob(['bytes'], { type: 'text/plain' }), 'a.txt')
      const response = lib.HttpResponse.formData(form)
      const type = response.headers.get('content-type') ?? ''
      const parsed = await response.formData()
      return {
        status: response.status,
        type: type.replace(/boundary=.*/, 'boundary=…'),
        name: parsed.get('name'),
        file: await (parsed.get('file') as File).text(),
        fileName: (parsed.get('file') as File).name,
      }
    })
    expect(mocklib).toEqual(msw)
  })

  it('a ReadableStream body is read back whole', async () => {
    const { msw, mocklib } = await runBoth(async (lib) => {
      const encoder = new TextEncoder()
      const stream = new ReadableStream({
        start(controller) {
          controller.enqueue(encoder.encode('a'))
          controller.enqueue(encoder.encode('b'))
          controller.close()
        },
      })
      return readObject(new lib.HttpResponse(stream, { headers: { 'content-type': 'text/plain' } }))
    })
    expect(mocklib).toEqual(msw)
  })
})

describe('what clients receive', () => {
  const sent = cases.filter(([name]) => !name.startsWith('redirect'))

  it.each(sent)('%s through fetch', async (_, make) => {
    const { msw, mocklib } = await runBoth((lib) =>
      withServer(lib, [lib.http.get('http://a.test/x', () => make(lib))], {}, () => fetchOutcome('http://a.test/x')),
    )
    expect(mocklib).toEqual(msw)
  })

  it.each(sent)('%s through http.request', async (_, make) => {
    const { msw, mocklib } = await runBoth((lib) =>
      withServer(lib, [lib.http.get('http://a.test/x', () => make(lib))], {}, () =>
        httpRequestOutcome('http://a.test/x'),
      ),
    )
    expect(mocklib).toEqual(msw)
  })
})

describe('deliberate differences (mocklib never announces a body a null-body status cannot have)', () => {
  it('json(null, { status: 204 }) has no Content-Length (msw 2 keeps "4")', async () => {
    const { msw, mocklib } = await runBoth((lib) =>
      withServer(lib, [lib.http.get('http://a.test/x', () => lib.HttpResponse.json(null, { status: 204 }))], {}, () =>
        fetchOutcome('http://a.test/x'),
      ),
    )
    expect(msw).toMatchObject({
      status: 204,
      headers: [
        ['content-length', '4'],
        ['content-type', 'application/json'],
      ],
    })
    expect(mocklib).toEqual({ ...msw, headers: [['content-type', 'application/json']] })
  })

  it('a 205 says Content-Length: 0, so http.request gets its end (under msw 2 it never ends)', async () => {
    const { msw, mocklib } = await runBoth((lib) =>
      withServer(
        lib,
        [lib.http.get('http://a.test/x', () => new lib.HttpResponse(null, { status: 205 }))],
        {},
        async () =>
          [
            await fetchOutcome('http://a.test/x'),
            // Not run under msw: the request would stay pending.
            lib.name === 'mocklib' ? await httpRequestOutcome('http://a.test/x') : 'pending',
          ] as const,
      ),
    )
    expect(msw[0]).toMatchObject({ status: 205, headers: [] })
    expect(mocklib[0]).toEqual({ ...msw[0], headers: [['content-length', '0']] })
    expect(mocklib[1]).toMatchObject({ status: 205, body: '' })
  })
})

it('a fractional status is truncated, as the platform does (mocklib also names it: "Accepted" where msw 2 leaves "")', async () => {
  const { msw, mocklib } = await runBoth(async (lib) => {
    const response = lib.HttpResponse.text('x', { status: 202.7 })
    return { status: response.status, statusText: response.statusText }
  })
  expect(msw).toEqual({ status: 202, statusText: '' })
  expect(mocklib).toEqual({ status: 202, statusText: 'Accepted' })
})

describe('http.request rawHeaders: names, order and repeats as given', () => {
  const rawCases: Array<[string, Make]> = [
    [
      'new Response()',
      () =>
        new Response('x', {
          headers: [
            ['X-Custom', 'a'],
            ['x-custom', 'b'],
            ['Set-Cookie', 'a=1'],
            ['Set-Cookie', 'b=2'],
          ],
        }),
    ],
    [
      'new HttpResponse()',
      (lib) =>
        new lib.HttpResponse(null, {
          headers: [
            ['X-Custom', 'a'],
            ['x-custom', 'b'],
            ['Set-Cookie', 'a=1'],
            ['Set-Cookie', 'b=2'],
          ],
        }),
    ],
    [
      'HttpResponse.text()',
      (lib) => lib.HttpResponse.text('x', { headers: { 'X-Request-ID': '7', 'Cache-Control': 'no-store' } }),
    ],
    [
      'HttpResponse.json()',
      (lib) =>
        lib.HttpResponse.json(
          { a: 1 },
          {
            headers: [
              ['X-B', '1'],
              ['X-A', '2'],
              ['X-B', '3'],
            ],
          },
        ),
    ],
    ['HttpResponse.json() without init', (lib) => lib.HttpResponse.json({ a: 1 })],
    [
      'new HttpResponse() with a Headers',
      (lib) =>
        new lib.HttpResponse(null, {
          headers: new Headers([
            ['X-Up', '1'],
            ['x-up', '2'],
          ]),
        }),
    ],
    [
      'new HttpResponse() with a record',
      (lib) => new lib.HttpResponse(null, { headers: { 'X-Rec': '1', 'x-Two': '2' } }),
    ],
    [
      'a header set after creation',
      (lib) => {
        const response = lib.HttpResponse.json({ a: 1 }, { headers: { 'X-First': '1' } })
        response.headers.set('X-Later', '2')
        return response
      },
    ],
  ]

  it.each(rawCases)('%s', async (_, make) => {
    const { msw, mocklib } = await runBoth((lib) =>
      withServer(lib, [lib.http.get('http://a.test/x', () => make(lib))], {}, () => rawHeadersOf('http://a.test/x')),
    )
    expect(mocklib).toEqual(msw)
  })

  // The platform adds these Content-Types without writing them through Headers: MSW's clients
  // never see them, mocklib's do (docs/migrating-from-msw.md).
  const impliedTypes: Array<[string, Make, RegExp]> = [
    [
      'text',
      (lib) => new lib.HttpResponse('x', { headers: { 'X-A': '1' } }),
      /^content-type: text\/plain;charset=UTF-8$/,
    ],
    [
      'a Blob',
      (lib) => new lib.HttpResponse(new Blob(['x'], { type: 'image/png' }), { headers: { 'X-A': '1' } }),
      /^content-type: image\/png$/,
    ],
    [
      'a FormData',
      (lib) => new lib.HttpResponse(new FormData(), { headers: { 'X-A': '1' } }),
      /^content-type: multipart\/form-data; boundary=/,
    ],
  ]
  it.each(impliedTypes)('the Content-Type %s implies', async (_, make, type) => {
    const { msw, mocklib } = await runBoth((lib) =>
      withServer(lib, [lib.http.get('http://a.test/x', () => make(lib))], {}, () => rawHeadersOf('http://a.test/x')),
    )
    expect(msw).toEqual(['X-A: 1'])
    expect(mocklib).toEqual(['X-A: 1', expect.stringMatching(type)])
  })
})

/** The response's rawHeaders through http.get, without the ones Node adds. */
function rawHeadersOf(url: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    nodeHttp
      .get(url, (response) => {
        response.resume()
        const pairs: string[] = []
        for (let i = 0; i < response.rawHeaders.length; i += 2) {
          if (
            !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(response.rawHeaders[i].toLowerCase())
          ) {
            pairs.push(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}`)
          }
        }
        response.on('end', () => resolve(pairs))
      })
      .on('error', reject)
  })
}

it('every status from 100 to 599 gets the same default statusText', async () => {
  const statuses = Array.from({ length: 500 }, (_, index) => 100 + index)
  const { msw, mocklib } = await runBoth(async (lib) =>
    Object.fromEntries(statuses.map((status) => [status, new lib.HttpResponse(null, { status }).statusText])),
  )
  expect(mocklib).toEqual(msw)
  expect(mocklib[509]).toBe('Bandwidth Limit Exceeded')
})
