// Both processes hold a request body whole while the remote resolves it (docs/remote.md, "Large
// bodies"): past `largeBodyWarning` bytes the app process says so, once per method and URL path, and
// the body still arrives byte for byte.
import { createHash } from 'node:crypto'
import { HttpResponse, http } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterEach, expect, it, vi } from 'vitest'
import { remoteInProcess } from './remote-in-process'

const API = 'https://api.example.test'
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
const { remote } = remoteInProcess(
  [
    http.post(`${API}/upload/:name`, async ({ request }) =>
      HttpResponse.text(sha256(new Uint8Array(await request.arrayBuffer()))),
    ),
  ],
  { largeBodyWarning: 4096 },
)

afterEach(() => {
  vi.restoreAllMocks()
})

/** A body of `size` bytes, sent as a stream in 1 KiB chunks or as text. */
function body(size: number, as: 'stream' | 'text'): { body: BodyInit; hash: string } {
  const bytes = new Uint8Array(size).map((_, index) => 97 + (index % 26))
  const hash = sha256(bytes)
  if (as === 'text') return { body: new TextDecoder().decode(bytes), hash }
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < size; at += 1024) controller.enqueue(bytes.slice(at, at + 1024))
      controller.close()
    },
  })
  return { body: stream, hash }
}

async function upload(path: string, size: number, as: 'stream' | 'text'): Promise<void> {
  const sent = body(size, as)
  const init: RequestInit & { duplex: 'half' } = { method: 'POST', body: sent.body, duplex: 'half' }
  const response = await fetch(`${API}/upload/${path}`, init)
  expect(await response.text()).toBe(sent.hash)
}

it('warns once per method and path about a streamed body larger than largeBodyWarning', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  await upload('small', 4096, 'stream')
  expect(warn).not.toHaveBeenCalled()
  // The query is not part of what is warned about once.
  await upload('large?n=1', 4097, 'stream')
  await upload('large?n=2', 10_000, 'stream')
  expect(warn).toHaveBeenCalledTimes(1)
  expect(warn.mock.calls[0]![0]).toBe(
    `[mocklib] POST ${API}/upload/large?n=1 sends a body of more than 4096 bytes to the remote at ` +
      `${new URL(remote.url).origin}: the app and the test process each hold it whole until it is answered ` +
      `(docs/remote.md, "Large bodies"). Pass remote: { largeBodyWarning } to change the size (Infinity: never).`,
  )
})

it('warns about a body given as text too', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  await upload('text', 5000, 'text')
  expect(warn).toHaveBeenCalledTimes(1)
  expect(warn.mock.calls[0]![0]).toContain(`POST ${API}/upload/text sends a body of more than 4096 bytes`)
})

it('refuses a largeBodyWarning that is not a number of bytes', () => {
  const other = setupServer()
  expect(() => other.listen({ remote: { url: remote.url, token: remote.token, largeBodyWarning: -1 } })).toThrow(
    'remote largeBodyWarning must be a number of bytes (Infinity: never), not -1',
  )
  other.close()
})
