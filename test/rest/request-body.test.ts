// The resolver can read the request body, and the body is still intact for whatever comes next:
// another handler, passthrough(), or a fall-through to the real server.
import http from 'node:http'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import axios from 'axios'
import { http as rest, HttpResponse, passthrough } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server'

let real: RecordingServer
const server = setupServer()

beforeAll(async () => {
  real = await startRecordingServer()
  server.listen({ onUnhandledRequest: 'error' })
})
afterEach(() => {
  server.resetHandlers()
  real.requests.length = 0
})
afterAll(async () => {
  server.close()
  await real.close()
})

it('reads JSON, text, bytes and form data in the resolver', async () => {
  server.use(
    rest.post('https://api.test/json', async ({ request }) => HttpResponse.json(await request.json())),
    rest.post('https://api.test/text', async ({ request }) => HttpResponse.text(await request.text())),
    rest.post('https://api.test/bytes', async ({ request }) => HttpResponse.arrayBuffer(await request.arrayBuffer())),
    rest.post('https://api.test/form', async ({ request }) => {
      const form = await request.formData()
      return HttpResponse.json({ name: form.get('name'), file: await (form.get('file') as File).text() })
    }),
  )
  expect(
    await (await fetch('https://api.test/json', { method: 'POST', body: JSON.stringify({ a: [1, 'é'] }) })).json(),
  ).toEqual({
    a: [1, 'é'],
  })
  expect(await (await fetch('https://api.test/text', { method: 'POST', body: 'plain ✓' })).text()).toBe('plain ✓')
  const bytes = new Uint8Array([0, 255, 1, 254])
  expect(
    new Uint8Array(await (await fetch('https://api.test/bytes', { method: 'POST', body: bytes })).arrayBuffer()),
  ).toEqual(bytes)
  const form = new FormData()
  form.set('name', 'Ada')
  form.set('file', new Blob(['contents']), 'a.txt')
  expect(await (await fetch('https://api.test/form', { method: 'POST', body: form })).json()).toEqual({
    name: 'Ada',
    file: 'contents',
  })
})

it('two handlers can both read the body', async () => {
  server.use(
    rest.post('https://api.test/twice', async ({ request }) => {
      expect(await request.text()).toBe('shared')
    }),
    rest.post('https://api.test/twice', async ({ request }) => HttpResponse.text(`second saw ${await request.text()}`)),
  )
  expect(await (await fetch('https://api.test/twice', { method: 'POST', body: 'shared' })).text()).toBe(
    'second saw shared',
  )
})

it('a body read in the resolver still reaches the real server on fall-through (fetch)', async () => {
  const payload = JSON.stringify({ id: 7, title: 'kept' })
  server.use(
    rest.post(`${real.origin}/posts`, async ({ request }) => {
      const post = (await request.json()) as { id: number }
      if (post.id === 1) return HttpResponse.json({ mocked: true })
    }),
  )
  const response = await fetch(`${real.origin}/posts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: payload,
  })
  expect(await response.text()).toBe(payload)
  expect(real.requests[0].body.toString()).toBe(payload)
  expect(real.requests[0].headers['content-length']).toBe(String(Buffer.byteLength(payload)))
})

it('a body read in the resolver still reaches the real server after passthrough() (http.request, axios)', async () => {
  const bytes = Buffer.from(Array.from({ length: 1024 }, (_, index) => index % 256))
  server.use(
    rest.put(`${real.origin}/upload`, async ({ request }) => {
      expect((await request.arrayBuffer()).byteLength).toBe(bytes.length)
      return passthrough()
    }),
  )
  const viaHttp = await new Promise<Buffer>((resolve, reject) => {
    const request = http.request(`${real.origin}/upload`, { method: 'PUT' }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve(Buffer.concat(chunks)))
    })
    request.on('error', reject)
    request.end(bytes)
  })
  expect(viaHttp.equals(bytes)).toBe(true)

  const viaAxios = await axios.put<ArrayBuffer>(`${real.origin}/upload`, bytes, {
    headers: { 'content-type': 'application/octet-stream' },
    responseType: 'arraybuffer',
  })
  expect(Buffer.from(viaAxios.data).equals(bytes)).toBe(true)
  expect(real.requests.map((request) => request.body.equals(bytes))).toEqual([true, true])
})

it('a GET request has no body to read', async () => {
  server.use(
    rest.get('https://api.test/get', async ({ request }) =>
      HttpResponse.json({ body: request.body, text: await request.text() }),
    ),
  )
  expect(await (await fetch('https://api.test/get')).json()).toEqual({ body: null, text: '' })
})
