// Two official SDKs that call undici directly, each through its own bundled copy of undici 6
// (node_modules/<sdk>/node_modules/undici), answered by the dispatcher source:
// - @discordjs/rest: undici's `request()`, on the global dispatcher unless given an agent
//   (`rest.setAgent()`), so both ways are tested;
// - @vercel/blob: undici's `fetch()`, always on the global dispatcher.
// Fake tokens, fake API hosts; the only real server is on 127.0.0.1 (passthrough).
import { createRequire } from 'node:module'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import * as undici7 from 'undici'
import * as undici6 from 'undici6'
import { DiscordAPIError, RateLimitError, REST } from '@discordjs/rest'
import { BlobAccessError, BlobNotFoundError, BlobRequestAbortedError, del, get, head, list, put } from '@vercel/blob'
import { http, HttpResponse, passthrough } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { startRecordingServer, type RecordingServer } from '../../helpers/recording-server'

const discordApi = 'https://discord.com/api/v10'
const blobApi = 'https://vercel.com/api/blob'
const storeId = 'Ab12Cd34Ef56Gh78'
const blobToken = `vercel_blob_rw_${storeId}_fakeSecretForTests`
const blobHost = `https://${storeId.toLowerCase()}.public.blob.vercel-storage.com`
const channelId = '1100000000000000001'

const server = setupServer()
let real: RecordingServer
const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})

beforeAll(async () => {
  // The real server answers as the Discord API (a channel) or the Blob API (a stored blob) would.
  real = await startRecordingServer((request, response) => {
    const pathname = new URL(request.path, 'http://local').searchParams.get('pathname')
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(
      JSON.stringify(
        pathname === null
          ? { id: channelId, type: 0, name: `real ${request.method} ${request.path}` }
          : { pathname, url: `${real.origin}/${pathname}` },
      ),
    )
  })
  // A failed request is not retried with back-off (@vercel/blob retries 10 times by default).
  vi.stubEnv('VERCEL_BLOB_RETRIES', '0')
  server.listen({ sources: ['interceptors', 'undici'], onUnhandledRequest: 'error' })
})
afterEach(() => server.resetHandlers())
afterAll(async () => {
  server.close()
  vi.unstubAllEnvs()
  consoleError.mockRestore()
  await real.close()
})

/** The undici an SDK package loads: its own copy, not the project's. */
function undiciOf(sdk: string): typeof undici7 {
  return createRequire(createRequire(import.meta.url).resolve(sdk))('undici') as typeof undici7
}

it("each SDK has its own undici, and all of them see mocklib's global dispatcher", () => {
  const discordUndici = undiciOf('@discordjs/rest')
  const blobUndici = undiciOf('@vercel/blob')
  expect(new Set([discordUndici, blobUndici, undici7]).size).toBe(3)
  expect(discordUndici.getGlobalDispatcher()).toBe(undici7.getGlobalDispatcher())
  expect(blobUndici.getGlobalDispatcher()).toBe(undici7.getGlobalDispatcher())
})

describe('@discordjs/rest (undici.request)', () => {
  const rest = new REST({ retries: 0 }).setToken('fake-bot-token')
  afterAll(() => {
    rest.clearHashSweeper()
    rest.clearHandlerSweeper()
  })

  const channel = { id: channelId, type: 0, guild_id: '1100000000000000002', name: 'general', position: 0, nsfw: false }

  it('GET: the route and the bot token reach the handler, the JSON comes back parsed', async () => {
    let authorization: string | null = null
    server.use(
      http.get(`${discordApi}/channels/:id`, ({ request, params }) => {
        authorization = request.headers.get('authorization')
        return HttpResponse.json({ ...channel, id: params.id })
      }),
    )
    expect(await rest.get(`/channels/${channelId}`)).toEqual(channel)
    expect(authorization).toBe('Bot fake-bot-token')
  })

  it('POST: the JSON body reaches the resolver byte for byte', async () => {
    const body = { content: 'héllo 👋', tts: false, embeds: [{ title: 'Release', description: 'line 1\nline 2' }] }
    let received = ''
    server.use(
      http.post(`${discordApi}/channels/:id/messages`, async ({ request }) => {
        received = await request.text()
        const sent = JSON.parse(received) as typeof body
        return HttpResponse.json({
          id: '1100000000000000009',
          channel_id: channelId,
          content: sent.content,
          embeds: sent.embeds,
          timestamp: '2026-01-01T00:00:00.000000+00:00',
        })
      }),
    )
    const message = await rest.post(`/channels/${channelId}/messages`, { body })
    expect(received).toBe(JSON.stringify(body))
    expect(message).toMatchObject({ content: 'héllo 👋', channel_id: channelId })
  })

  it('a file upload arrives as multipart: payload_json and the file bytes', async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0x80])
    let upload: { payload: string; name: string; type: string; bytes: number[] } | undefined
    server.use(
      http.post(`${discordApi}/channels/:id/messages`, async ({ request }) => {
        const form = await request.formData()
        const file = form.get('files[0]') as File
        upload = {
          payload: String(form.get('payload_json')),
          name: file.name,
          type: file.type,
          bytes: [...new Uint8Array(await file.arrayBuffer())],
        }
        return HttpResponse.json({
          id: '1100000000000000010',
          channel_id: channelId,
          attachments: [{ filename: file.name, size: file.size }],
        })
      }),
    )
    const message = await rest.post(`/channels/${channelId}/messages`, {
      body: { content: 'a picture' },
      files: [{ name: 'pixel.png', data: bytes, contentType: 'image/png' }],
    })
    expect(upload).toEqual({
      payload: '{"content":"a picture"}',
      name: 'pixel.png',
      type: 'image/png',
      bytes: [...bytes],
    })
    expect(message).toMatchObject({ attachments: [{ filename: 'pixel.png', size: bytes.byteLength }] })
  })

  it("an API error becomes a DiscordAPIError with Discord's code and message", async () => {
    server.use(
      http.get(`${discordApi}/channels/:id`, () =>
        HttpResponse.json({ message: 'Unknown Channel', code: 10003 }, { status: 404 }),
      ),
    )
    const error = await rest.get(`/channels/${channelId}`).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(DiscordAPIError)
    expect(error).toMatchObject({
      status: 404,
      code: 10003,
      method: 'GET',
      url: `${discordApi}/channels/${channelId}`,
      message: 'Unknown Channel',
    })
  })

  it("a 429 with Discord's rate-limit headers becomes a RateLimitError (rejectOnRateLimit)", async () => {
    const limited = new REST({ retries: 0, rejectOnRateLimit: ['/channels'] }).setToken('fake-bot-token')
    server.use(
      http.post(`${discordApi}/channels/:id/messages`, () =>
        HttpResponse.json(
          { message: 'You are being rate limited.', retry_after: 2.5, global: false },
          {
            status: 429,
            headers: {
              'retry-after': '2.5',
              'x-ratelimit-limit': '5',
              'x-ratelimit-remaining': '0',
              'x-ratelimit-reset-after': '2.5',
              'x-ratelimit-bucket': 'abcd1234',
              'x-ratelimit-scope': 'user',
            },
          },
        ),
      ),
    )
    const error = await limited
      .post(`/channels/${channelId}/messages`, { body: { content: 'spam' } })
      .catch((caught: unknown) => caught)
    limited.clearHashSweeper()
    limited.clearHandlerSweeper()
    expect(error).toBeInstanceOf(RateLimitError)
    expect(error).toMatchObject({ method: 'POST', route: '/channels/:id/messages', retryAfter: 2550, scope: 'user' })
  })

  it('a request the caller aborts while the resolver runs rejects with an AbortError; the resolver sees its signal abort', async () => {
    const controller = new AbortController()
    let resolverSignal: AbortSignal | undefined
    server.use(
      http.get(`${discordApi}/channels/:id`, ({ request }) => {
        resolverSignal = request.signal
        controller.abort()
        return HttpResponse.json(channel)
      }),
    )
    const error = await rest
      .get(`/channels/${channelId}`, { signal: controller.signal })
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({ name: 'AbortError' })
    expect(resolverSignal?.aborted).toBe(true)
  })

  it("an unmocked route fails under onUnhandledRequest: 'error', naming the request", async () => {
    const error = await rest.get('/users/@me').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(Error)
    expect(consoleError.mock.calls.flat().join('\n')).toContain(`GET ${discordApi}/users/@me`)
  })

  it('passthrough() reaches a real server on 127.0.0.1', async () => {
    const local = new REST({ api: `${real.origin}/api`, retries: 0 }).setToken('fake-bot-token')
    server.use(http.get(`${real.origin}/api/*`, () => passthrough()))
    expect(await local.get(`/channels/${channelId}`)).toMatchObject({ name: `real GET /api/v10/channels/${channelId}` })
    expect(real.requests.at(-1)?.headers.authorization).toBe('Bot fake-bot-token')
    local.clearHashSweeper()
    local.clearHandlerSweeper()
  })

  it('an agent of its own (REST `agent` option, setAgent()) bypasses the global dispatcher: wrap it with server.dispatcher()', async () => {
    server.use(http.get(`${real.origin}/api/v10/channels/:id`, () => HttpResponse.json(channel)))
    const agent = new undici6.Agent()
    const unwrapped = new REST({ api: `${real.origin}/api`, retries: 0, agent }).setToken('fake-bot-token')
    expect(await unwrapped.get(`/channels/${channelId}`)).toMatchObject({
      name: `real GET /api/v10/channels/${channelId}`,
    })
    const wrapped = new REST({ api: `${real.origin}/api`, retries: 0 })
      .setToken('fake-bot-token')
      .setAgent(server.dispatcher(agent))
    expect(await wrapped.get(`/channels/${channelId}`)).toEqual(channel)
    for (const rest of [unwrapped, wrapped]) {
      rest.clearHashSweeper()
      rest.clearHandlerSweeper()
    }
    await agent.close()
  })
})

describe('@vercel/blob (undici.fetch)', () => {
  const options = { access: 'public', token: blobToken } as const
  const blob = (pathname: string) => ({
    url: `${blobHost}/${pathname}`,
    downloadUrl: `${blobHost}/${pathname}?download=1`,
    pathname,
    contentType: 'image/png',
    contentDisposition: `inline; filename="${pathname.split('/').at(-1)}"`,
    etag: '"0x8DC7E1F0A1B2C3D"',
  })

  it('put(): the uploaded bytes, the pathname and the token reach the resolver; the result comes back', async () => {
    const bytes = new Uint8Array(70_000).map((_, index) => (index * 31) % 256)
    let received:
      { pathname: string | null; access: string | null; authorization: string | null; bytes: Uint8Array } | undefined
    server.use(
      http.put(`${blobApi}/`, async ({ request }) => {
        received = {
          pathname: new URL(request.url).searchParams.get('pathname'),
          access: request.headers.get('x-vercel-blob-access'),
          authorization: request.headers.get('authorization'),
          bytes: new Uint8Array(await request.arrayBuffer()),
        }
        return HttpResponse.json(blob('avatars/me.png'))
      }),
    )
    const result = await put('avatars/me.png', Buffer.from(bytes), { ...options, contentType: 'image/png' })
    expect(result).toEqual(blob('avatars/me.png'))
    expect(received?.pathname).toBe('avatars/me.png')
    expect(received?.access).toBe('public')
    expect(received?.authorization).toBe(`Bearer ${blobToken}`)
    expect(Buffer.from(received!.bytes).equals(Buffer.from(bytes))).toBe(true)
  })

  it('put() of a stream with onUploadProgress: the streamed body arrives byte for byte', async () => {
    const bytes = new Uint8Array(150_000).map((_, index) => (index * 7 + 3) % 256)
    let received: Uint8Array | undefined
    server.use(
      http.put(`${blobApi}/`, async ({ request }) => {
        received = new Uint8Array(await request.arrayBuffer())
        return HttpResponse.json(blob('streams/data.bin'))
      }),
    )
    const progress: number[] = []
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < bytes.byteLength; offset += 50_000)
          controller.enqueue(bytes.slice(offset, offset + 50_000))
        controller.close()
      },
    })
    // onUploadProgress makes the SDK pipe the body through a chunking stream of its own.
    const result = await put('streams/data.bin', body, {
      ...options,
      onUploadProgress: ({ loaded }) => progress.push(loaded),
    })
    expect(result.pathname).toBe('streams/data.bin')
    expect(Buffer.from(received!).equals(Buffer.from(bytes))).toBe(true)
    expect(progress[0]).toBe(0)
  })

  it('put({ multipart: true }): create, upload a part, complete; each request as the API receives it', async () => {
    const bytes = new Uint8Array(20_000).map((_, index) => (index * 13) % 256)
    const actions: string[] = []
    let part: Uint8Array | undefined
    let completed: unknown
    server.use(
      http.post(`${blobApi}/mpu`, async ({ request }) => {
        const action = request.headers.get('x-mpu-action')
        actions.push(`${action} ${new URL(request.url).searchParams.get('pathname')}`)
        if (action === 'create') return HttpResponse.json({ key: 'videos/clip.mp4', uploadId: 'upload-1' })
        expect(request.headers.get('x-mpu-upload-id')).toBe('upload-1')
        if (action === 'upload') {
          part = new Uint8Array(await request.arrayBuffer())
          return HttpResponse.json({ etag: `"part-${request.headers.get('x-mpu-part-number')}"` })
        }
        completed = await request.json()
        return HttpResponse.json(blob('videos/clip.mp4'))
      }),
    )
    const result = await put('videos/clip.mp4', Buffer.from(bytes), { ...options, multipart: true })
    expect(result.pathname).toBe('videos/clip.mp4')
    expect(actions).toEqual(['create videos/clip.mp4', 'upload videos/clip.mp4', 'complete videos/clip.mp4'])
    expect(Buffer.from(part!).equals(Buffer.from(bytes))).toBe(true)
    expect(completed).toEqual([{ etag: '"part-1"', partNumber: 1 }])
  })

  it('aborting while the resolver runs rejects with BlobRequestAbortedError; the late mocked answer is dropped', async () => {
    const controller = new AbortController()
    let answered = false
    server.use(
      http.get(blobApi, () => {
        controller.abort()
        answered = true
        return HttpResponse.json(blob('late.png'))
      }),
    )
    await expect(head(`${blobHost}/late.png`, { ...options, abortSignal: controller.signal })).rejects.toBeInstanceOf(
      BlobRequestAbortedError,
    )
    expect(answered).toBe(true)
  })

  it('head(), list() and del(): query strings and the JSON body as the API receives them', async () => {
    let deleted = ''
    server.use(
      http.get(blobApi, ({ request }) => {
        const query = new URL(request.url).searchParams
        if (query.has('url'))
          return HttpResponse.json({
            ...blob('avatars/me.png'),
            url: query.get('url'),
            size: 70_000,
            uploadedAt: '2026-01-02T03:04:05.000Z',
            cacheControl: 'public, max-age=2592000',
          })
        return HttpResponse.json({
          blobs: [{ ...blob(`${query.get('prefix')}me.png`), size: 70_000, uploadedAt: '2026-01-02T03:04:05.000Z' }],
          cursor: 'next-page',
          hasMore: true,
        })
      }),
      http.post(`${blobApi}/delete`, async ({ request }) => {
        deleted = await request.text()
        return HttpResponse.json({})
      }),
    )
    const metadata = await head(`${blobHost}/avatars/me.png`, options)
    expect(metadata).toMatchObject({
      pathname: 'avatars/me.png',
      size: 70_000,
      uploadedAt: new Date('2026-01-02T03:04:05.000Z'),
    })
    const page = await list({ prefix: 'avatars/', limit: 1, token: blobToken })
    expect(page).toMatchObject({
      cursor: 'next-page',
      hasMore: true,
      blobs: [{ pathname: 'avatars/me.png', size: 70_000 }],
    })
    await del(`${blobHost}/avatars/me.png`, options)
    expect(deleted).toBe(JSON.stringify({ urls: [`${blobHost}/avatars/me.png`] }))
  })

  it("get(): the blob store's bytes stream back to the caller", async () => {
    const stored = Buffer.from('\u0000binary\u00ff payload', 'latin1')
    server.use(
      http.get(
        `${blobHost}/:path+`,
        () =>
          new HttpResponse(stored, {
            headers: { 'content-type': 'application/octet-stream', 'content-length': String(stored.byteLength) },
          }),
      ),
    )
    const result = await get('docs/raw.bin', options)
    expect(result?.statusCode).toBe(200)
    expect(result?.blob).toMatchObject({ pathname: 'docs/raw.bin', size: stored.byteLength })
    expect(Buffer.from(await new Response(result!.stream).arrayBuffer()).equals(stored)).toBe(true)
  })

  it("API errors become the SDK's own errors: not_found → BlobNotFoundError, forbidden → BlobAccessError", async () => {
    server.use(
      http.get(blobApi, ({ request }) => {
        const missing = new URL(request.url).searchParams.get('url')?.endsWith('missing.png')
        return missing
          ? HttpResponse.json(
              { error: { code: 'not_found', message: 'The requested blob does not exist' } },
              { status: 404 },
            )
          : HttpResponse.json({ error: { code: 'forbidden', message: 'Access denied' } }, { status: 403 })
      }),
    )
    await expect(head(`${blobHost}/missing.png`, options)).rejects.toBeInstanceOf(BlobNotFoundError)
    await expect(head(`${blobHost}/secret.png`, options)).rejects.toBeInstanceOf(BlobAccessError)
  })

  it("an unmocked route fails under onUnhandledRequest: 'error', naming the request", async () => {
    const error = await put('unmocked.txt', 'text', options).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(Error)
    expect(consoleError.mock.calls.flat().join('\n')).toContain(`PUT ${blobApi}/?pathname=unmocked.txt`)
  })

  it('passthrough() reaches a real server on 127.0.0.1 (VERCEL_BLOB_API_URL)', async () => {
    vi.stubEnv('VERCEL_BLOB_API_URL', `${real.origin}/api/blob`)
    server.use(http.all(`${real.origin}/api/*`, () => passthrough()))
    const result = await put('notes/a.txt', 'plain text', options)
    vi.stubEnv('VERCEL_BLOB_API_URL', undefined)
    expect(result).toMatchObject({ pathname: 'notes/a.txt', url: `${real.origin}/notes/a.txt` })
    const received = real.requests.at(-1)
    expect(received).toMatchObject({ method: 'PUT', path: '/api/blob/?pathname=notes%2Fa.txt' })
    expect(received?.body.toString()).toBe('plain text')
  })
})
