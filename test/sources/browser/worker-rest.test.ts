// SPEC 4.1 in a real page through the Service Worker: fetch and XMLHttpRequest, bodies,
// network errors, cookies, passthrough, logging.
import { describe, expect, it } from 'vitest'
import { usePageSession, waitForConsole, type TestPage } from './harness'

const session = usePageSession()

/** The SPEC 4.1 posts API, started in the page. */
async function startPostsApi(page: TestPage['page'], options: { quiet?: boolean } = { quiet: true }) {
  await page.evaluate(async (options) => {
    const { http, HttpResponse, setupWorker } = window.mocklib
    type Post = { id: string; title: string }
    const posts = new Map<string, Post>([
      ['1', { id: '1', title: 'First' }],
      ['2', { id: '2', title: 'Second' }],
    ])
    window.worker = setupWorker(
      http.get('/posts', () => HttpResponse.json([...posts.values()])),
      http.post('/posts', async ({ request }) => {
        const post = (await request.json()) as Post
        posts.set(post.id, post)
        return HttpResponse.json(post, { status: 201 })
      }),
      http.delete('/posts/:id', ({ params }) => {
        const post = posts.get(params.id as string)
        if (post === undefined) return new HttpResponse(null, { status: 404 })
        posts.delete(post.id)
        return HttpResponse.json(post)
      }),
      http.get('/user', ({ cookies }) => {
        if (!cookies.session) return new HttpResponse(null, { status: 401 })
        return HttpResponse.json({ name: 'Ada', session: cookies.session })
      }),
    )
    await window.worker.start(options)
  }, options)
}

describe('SPEC 4.1 in a page', () => {
  it('answers the posts API through fetch', async () => {
    await startPostsApi(session.tab.page)
    const result = await session.tab.page.evaluate(async () => {
      const list = await fetch('/posts')
      const created = await fetch('/posts', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: '3', title: 'Third' }),
      })
      const deleted = await fetch('/posts/1', { method: 'DELETE' })
      const missing = await fetch('/posts/404', { method: 'DELETE' })
      const after = await fetch('/posts')
      return {
        list: [list.status, list.headers.get('content-type'), await list.json()],
        created: [created.status, await created.json()],
        deleted: [deleted.status, await deleted.json()],
        missing: [missing.status, await missing.text()],
        after: (await after.json()).map((post: { id: string }) => post.id),
      }
    })
    expect(result.list).toEqual([
      200,
      'application/json',
      [
        { id: '1', title: 'First' },
        { id: '2', title: 'Second' },
      ],
    ])
    expect(result.created).toEqual([201, { id: '3', title: 'Third' }])
    expect(result.deleted).toEqual([200, { id: '1', title: 'First' }])
    expect(result.missing).toEqual([404, ''])
    expect(result.after).toEqual(['2', '3'])
    // The test server never saw these requests: they were answered in the browser.
    expect(session.server.received.filter((r) => r.url.startsWith('/posts'))).toEqual([])
  })

  it('answers the posts API through XMLHttpRequest', async () => {
    await startPostsApi(session.tab.page)
    const result = await session.tab.page.evaluate(async () => {
      const send = (method: string, url: string, body?: string) =>
        new Promise<{ status: number; type: string | null; text: string }>((resolve, reject) => {
          const xhr = new XMLHttpRequest()
          xhr.open(method, url)
          if (body) xhr.setRequestHeader('content-type', 'application/json')
          xhr.onload = () =>
            resolve({ status: xhr.status, type: xhr.getResponseHeader('content-type'), text: xhr.responseText })
          xhr.onerror = () => reject(new Error('xhr error'))
          xhr.send(body)
        })
      return [
        await send('GET', '/posts'),
        await send('POST', '/posts', JSON.stringify({ id: '9', title: 'Nine' })),
        await send('DELETE', '/posts/2'),
        await send('DELETE', '/posts/2'),
      ]
    })
    expect(result[0].status).toBe(200)
    expect(result[0].type).toBe('application/json')
    expect(JSON.parse(result[0].text)).toHaveLength(2)
    expect([result[1].status, JSON.parse(result[1].text)]).toEqual([201, { id: '9', title: 'Nine' }])
    expect([result[2].status, JSON.parse(result[2].text)]).toEqual([200, { id: '2', title: 'Second' }])
    expect([result[3].status, result[3].text]).toEqual([404, ''])
  })

  it('reads the session cookie of the page for GET /user, and 401 without it', async () => {
    await startPostsApi(session.tab.page)
    const result = await session.tab.page.evaluate(async () => {
      const anonymous = await fetch('/user')
      document.cookie = 'session=abc-123'
      const signedIn = await fetch('/user')
      return [anonymous.status, signedIn.status, await signedIn.json()]
    })
    expect(result).toEqual([401, 200, { name: 'Ada', session: 'abc-123' }])
  })

  it('stores a mocked Set-Cookie in document.cookie, for the page origin only', async () => {
    const cookies = await session.tab.page.evaluate(async () => {
      const { http, HttpResponse, setupWorker } = window.mocklib
      const worker = setupWorker(
        http.post('/login', () =>
          HttpResponse.json(
            { ok: true },
            {
              headers: [
                ['set-cookie', 'session=s3cr3t; Path=/; HttpOnly'],
                ['set-cookie', 'theme=dark; Path=/'],
              ],
            },
          ),
        ),
        http.get(
          'https://other.example/set',
          () => new HttpResponse(null, { headers: { 'set-cookie': 'leak=1; Path=/' } }),
        ),
      )
      await worker.start({ quiet: true })
      await fetch('/login', { method: 'POST' })
      await fetch('https://other.example/set').catch(() => undefined)
      return document.cookie
    })
    expect(cookies.split('; ').sort()).toEqual(['session=s3cr3t', 'theme=dark'])
  })

  it('answers through new SetupWorkerApi(...handlers), the class setupWorker() returns (MSW names it so)', async () => {
    const result = await session.tab.page.evaluate(async () => {
      const { http, HttpResponse, setupWorker, SetupWorkerApi } = window.mocklib
      const worker = new SetupWorkerApi(http.get('/direct', () => HttpResponse.text('from the class')))
      await worker.start({ quiet: true })
      const text = await (await fetch('/direct')).text()
      return [setupWorker() instanceof SetupWorkerApi, text]
    })
    expect(result).toEqual([true, 'from the class'])
  })
})

describe('bodies, errors and passthrough', () => {
  it('makes fetch reject for HttpResponse.error(), and XHR fire "error"', async () => {
    const result = await session.tab.page.evaluate(async () => {
      const { http, HttpResponse, setupWorker } = window.mocklib
      await setupWorker(http.get('/broken', () => HttpResponse.error())).start({ quiet: true })
      const fetchOutcome = await fetch('/broken').then(
        (response) => `resolved ${response.status}`,
        (error: Error) => `rejected ${error.name}`,
      )
      const xhrOutcome = await new Promise<string>((resolve) => {
        const xhr = new XMLHttpRequest()
        xhr.open('GET', '/broken')
        xhr.onload = () => resolve(`load ${xhr.status}`)
        xhr.onerror = () => resolve(`error ${xhr.status}`)
        xhr.send()
      })
      return { fetchOutcome, xhrOutcome }
    })
    expect(result).toEqual({ fetchOutcome: 'rejected TypeError', xhrOutcome: 'error 0' })
  })

  it('answers 500 with the error as JSON when a resolver throws', async () => {
    const result = await session.tab.page.evaluate(async () => {
      const { http, setupWorker } = window.mocklib
      const worker = setupWorker(
        http.get('/throws', () => {
          throw new Error('database is down')
        }),
      )
      worker.events.on('unhandledException', () => {})
      await worker.start({ quiet: true })
      const response = await fetch('/throws')
      return [response.status, response.statusText, (await response.json()).message]
    })
    // MSW's Service Worker names the status 'Request Handler Error' (in Node: 'Unhandled Exception').
    expect(result).toEqual([500, 'Request Handler Error', 'database is down'])
  })

  it('sends request and response bodies byte for byte: a 5 MB binary upload and download', async () => {
    const result = await session.tab.page.evaluate(async () => {
      const { http, HttpResponse, setupWorker } = window.mocklib
      const size = 5 * 1024 * 1024
      const bytes = new Uint8Array(size)
      for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >> 8)) & 0xff
      const digest = async (data: ArrayBuffer | Uint8Array) =>
        Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', data as BufferSource)), (b) =>
          b.toString(16).padStart(2, '0'),
        ).join('')
      let uploaded = ''
      await setupWorker(
        http.get('/file.bin', () =>
          HttpResponse.arrayBuffer(bytes, { headers: { 'content-disposition': 'attachment; filename="file.bin"' } }),
        ),
        http.put('/upload', async ({ request }) => {
          uploaded = await digest(await request.arrayBuffer())
          return new HttpResponse(null, { status: 204 })
        }),
      ).start({ quiet: true })
      const download = await fetch('/file.bin')
      const received = await download.arrayBuffer()
      const upload = await fetch('/upload', { method: 'PUT', body: bytes })
      return {
        expected: await digest(bytes),
        downloaded: await digest(received),
        length: received.byteLength,
        type: download.headers.get('content-type'),
        disposition: download.headers.get('content-disposition'),
        uploaded,
        uploadStatus: upload.status,
      }
    })
    expect(result.length).toBe(5 * 1024 * 1024)
    expect(result.downloaded).toBe(result.expected)
    expect(result.uploaded).toBe(result.expected)
    expect(result.type).toBe('application/octet-stream')
    expect(result.disposition).toBe('attachment; filename="file.bin"')
    expect(result.uploadStatus).toBe(204)
  })

  it('streams a response: the page reads the first chunk before the resolver writes the second', async () => {
    const chunks = await session.tab.page.evaluate(async () => {
      const { http, HttpResponse, setupWorker } = window.mocklib
      let firstRead!: () => void
      const firstChunkRead = new Promise<void>((resolve) => (firstRead = resolve))
      await setupWorker(
        http.get('/stream', () => {
          const encoder = new TextEncoder()
          const stream = new ReadableStream<Uint8Array>({
            async start(controller) {
              controller.enqueue(encoder.encode('first;'))
              // Only a body that really streams gets here: a buffered one would wait forever.
              await firstChunkRead
              controller.enqueue(encoder.encode('second;'))
              controller.close()
            },
          })
          return new HttpResponse(stream, { headers: { 'content-type': 'text/plain' } })
        }),
      ).start({ quiet: true })
      const response = await fetch('/stream')
      const reader = response.body!.getReader()
      const decoder = new TextDecoder()
      const seen: string[] = []
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        seen.push(decoder.decode(value))
        if (seen.join('') === 'first;') firstRead()
      }
      return seen.join('')
    })
    expect(chunks).toBe('first;second;')
  })

  it('performs passthrough() and unhandled requests for real, without the bypass marker, bodies intact', async () => {
    session.server.route('/real/echo', (req, res, body) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ accept: req.headers.accept ?? null, body: body.toString('utf8'), method: req.method }))
    })
    const result = await session.tab.page.evaluate(async () => {
      const { http, HttpResponse, passthrough, bypass, setupWorker } = window.mocklib
      await setupWorker(
        http.post('/real/echo', async ({ request }) => {
          // Reading the body here must not take it from the real request.
          const text = await request.text()
          if (text === 'let me through') return passthrough()
          return HttpResponse.json({ mocked: text })
        }),
        http.get('/patched', async () => {
          const real = await fetch(bypass('/real/echo', { headers: { accept: 'application/json' } }))
          return HttpResponse.json({ patched: true, real: await real.json() })
        }),
      ).start({ quiet: true, onUnhandledRequest: 'bypass' })
      const mocked = await (await fetch('/real/echo', { method: 'POST', body: 'hello' })).json()
      const passed = await (await fetch('/real/echo', { method: 'POST', body: 'let me through' })).json()
      const patched = await (await fetch('/patched')).json()
      const unhandled = await (await fetch('/real/echo?unhandled', { method: 'PUT', body: 'raw' })).json()
      return { mocked, passed, patched, unhandled }
    })
    expect(result.mocked).toEqual({ mocked: 'hello' })
    expect(result.passed).toEqual({ accept: '*/*', body: 'let me through', method: 'POST' })
    expect(result.patched).toEqual({ patched: true, real: { accept: 'application/json', body: '', method: 'GET' } })
    expect(result.unhandled).toEqual({ accept: '*/*', body: 'raw', method: 'PUT' })
    for (const request of session.server.received)
      expect(String(request.headers.accept)).not.toContain('mocklib/bypass')
  })

  it("fails a request under onUnhandledRequest: 'error', and warns under 'warn'", async () => {
    session.server.route('/real/plain', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' })
      res.end('real')
    })
    const result = await session.tab.page.evaluate(async () => {
      const { setupWorker } = window.mocklib
      const worker = setupWorker()
      await worker.start({ quiet: true, onUnhandledRequest: 'error' })
      const strict = await fetch('/real/plain').then(
        () => 'resolved',
        (e: Error) => `rejected ${e.name}`,
      )
      await worker.stop()
      await worker.start({ quiet: true })
      const lenient = await (await fetch('/real/plain')).text()
      return { strict, lenient }
    })
    expect(result).toEqual({ strict: 'rejected TypeError', lenient: 'real' })
    await waitForConsole(session.tab, /^error: \[mocklib\] Error: no handler matched GET \/real\/plain/)
    await waitForConsole(session.tab, /^warning: \[mocklib\] Warning: no handler matched GET \/real\/plain/)
  })

  it('emits response:bypass with the real response for requests the worker performed', async () => {
    session.server.route('/real/bypassed', (_req, res) => {
      res.writeHead(203, { 'content-type': 'text/plain', 'x-real': 'yes' })
      res.end('from the server')
    })
    const result = await session.tab.page.evaluate(async () => {
      const worker = window.mocklib.setupWorker()
      const seen = new Promise<string>((resolve) => {
        worker.events.on('response:bypass', async ({ response, request }) => {
          resolve(
            `${new URL(request.url).pathname} ${response.status} ${response.headers.get('x-real')} ${await response.text()}`,
          )
        })
      })
      await worker.start({ quiet: true, onUnhandledRequest: 'bypass' })
      const client = await (await fetch('/real/bypassed')).text()
      return { client, event: await seen }
    })
    expect(result).toEqual({ client: 'from the server', event: '/real/bypassed 203 yes from the server' })
  })
})

describe('what the page shows', () => {
  it('logs each mocked request as a collapsed group with the handler and response', async () => {
    await startPostsApi(session.tab.page, { quiet: false })
    await session.tab.page.evaluate(async () => {
      await (await fetch('/posts')).json()
    })
    await waitForConsole(session.tab, /\[mocklib\] Mocking enabled\./)
    const group = await waitForConsole(session.tab, /\[mocklib\] \d\d:\d\d:\d\d GET \/posts \(%c200 OK%c\)/)
    // The status is styled green, then the style is reset (DevTools shows "(200 OK)" in colour).
    expect(group).toMatch(/^startGroupCollapsed: .* color:#69AB32 color:inherit$/)
    await waitForConsole(session.tab, /^log: Handler GET \/posts/)
    await waitForConsole(session.tab, /^log: Response/)
  })

  it('prints nothing for mocked requests when quiet', async () => {
    await startPostsApi(session.tab.page, { quiet: true })
    await session.tab.page.evaluate(async () => {
      await fetch('/posts')
    })
    expect(session.tab.console.filter((line) => line.includes('[mocklib]'))).toEqual([])
  })

  it('emits lifecycle events in the page, response:mocked with a readable clone', async () => {
    const events = await session.tab.page.evaluate(async () => {
      const { http, HttpResponse, setupWorker } = window.mocklib
      const worker = setupWorker(http.get('/evented', () => HttpResponse.text('hi')))
      const seen: string[] = []
      const done = new Promise<void>((resolve) => {
        worker.events.on('request:start', ({ request }) => seen.push(`start ${new URL(request.url).pathname}`))
        worker.events.on('request:match', () => seen.push('match'))
        worker.events.on('request:end', () => seen.push('end'))
        worker.events.on('response:mocked', async ({ response }) => {
          seen.push(`mocked ${await response.text()}`)
          resolve()
        })
      })
      await worker.start({ quiet: true })
      const body = await (await fetch('/evented')).text()
      await done
      return [...seen, `client ${body}`]
    })
    expect(events).toEqual(['start /evented', 'match', 'end', 'mocked hi', 'client hi'])
  })
})
