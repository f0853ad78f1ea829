import { describe, expect, it } from 'vitest'
import { HttpResponse } from 'mocklib'

// HttpResponse keeps text and bytes bodies without the platform's stream until something asks
// for `body`: every way of reading must still behave as the platform Response does.

const BODIES: Array<[string, () => string | Uint8Array<ArrayBuffer> | ArrayBuffer]> = [
  ['ASCII text', () => 'hello world'],
  ['empty text', () => ''],
  ['non-ASCII text', () => 'Zoë 🐱 ünïcödé'],
  ['a byte order mark', () => '\uFEFF\uFEFFafter two BOMs'],
  ['a lone surrogate', () => 'a\uD800b\uDC00'],
  ['JSON text', () => JSON.stringify({ id: 7, tags: ['a', 'b'] })],
  ['bytes', () => new Uint8Array([0, 1, 2, 250, 255])],
  ['UTF-8 bytes with a BOM', () => new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69])],
  ['an ArrayBuffer', () => new Uint8Array([104, 105]).buffer],
]

type Script = (response: Response) => Promise<unknown>

async function settle(run: () => Promise<unknown>): Promise<unknown> {
  try {
    const value = await run()
    if (value instanceof ArrayBuffer) return { bytes: [...new Uint8Array(value)] }
    if (value instanceof Uint8Array) return { bytes: [...value] }
    if (value instanceof Blob) return { blob: value.type, bytes: [...new Uint8Array(await value.arrayBuffer())] }
    return { value }
  } catch (error) {
    return { error: (error as Error).name }
  }
}

async function readStream(stream: ReadableStream<Uint8Array> | null): Promise<number[] | null> {
  if (stream === null) return null
  const bytes: number[] = []
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) bytes.push(...chunk)
  return bytes
}

const SCRIPTS: Record<string, Script> = {
  'text()': (r) => settle(() => r.text()),
  'json()': (r) => settle(() => r.json()),
  'arrayBuffer()': (r) => settle(() => r.arrayBuffer()),
  'blob()': (r) => settle(() => r.blob()),
  'text() twice': async (r) => [await settle(() => r.text()), r.bodyUsed, await settle(() => r.text())],
  'bodyUsed before and after': async (r) => [r.bodyUsed, await settle(() => r.arrayBuffer()), r.bodyUsed],
  'the body stream': async (r) => [
    r.body === r.body,
    r.bodyUsed,
    await readStream(r.body),
    r.bodyUsed,
    await settle(() => r.text()),
  ],
  'text() then the body': async (r) => [
    await settle(() => r.text()),
    r.body !== null,
    r.body?.locked ?? null,
    r.bodyUsed,
  ],
  'a reader, then text()': async (r) => {
    const reader = r.body!.getReader()
    return [r.bodyUsed, await settle(() => r.text()), reader !== undefined]
  },
  'clone() and read both': async (r) => {
    const copy = r.clone()
    return [
      copy instanceof Response,
      copy.status,
      copy.headers.get('content-type'),
      await settle(() => copy.text()),
      await settle(() => r.arrayBuffer()),
    ]
  },
  'clone() after the stream was made': async (r) => {
    void r.body
    const copy = r.clone()
    return [await readStream(copy.body), await settle(() => r.text())]
  },
  'clone() after reading': async (r) => [await settle(() => r.text()), await settle(async () => r.clone())],
  'formData() of text': (r) => settle(() => r.formData()),
}

if ('bytes' in Response.prototype) {
  SCRIPTS['bytes()'] = (r) => settle(() => (r as Response & { bytes(): Promise<Uint8Array> }).bytes())
}

describe('HttpResponse bodies read as the platform Response reads them', () => {
  for (const [bodyName, make] of BODIES) {
    for (const [scriptName, script] of Object.entries(SCRIPTS)) {
      it(`${bodyName}: ${scriptName}`, async () => {
        const init = { status: 201, headers: { 'X-Kind': bodyName } }
        const expected = await script(new Response(make(), init))
        const actual = await script(new HttpResponse(make(), init))
        expect(actual).toEqual(expected)
      })
    }
  }
})

describe('HttpResponse keeps what the platform keeps', () => {
  it('copies bytes when constructed: changing the buffer later changes nothing', async () => {
    const bytes = new Uint8Array([1, 2, 3])
    const response = new HttpResponse(bytes)
    bytes[0] = 9
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([1, 2, 3])
  })

  it('gives a text body the platform Content-Type, and bytes none', () => {
    expect(new HttpResponse('x').headers.get('content-type')).toBe(new Response('x').headers.get('content-type'))
    expect(new HttpResponse(new Uint8Array(1)).headers.get('content-type')).toBeNull()
    expect(new HttpResponse('x', { headers: { 'Content-Type': 'text/csv' } }).headers.get('content-type')).toBe(
      'text/csv',
    )
  })

  it('hands out a fresh ArrayBuffer on every clone', async () => {
    const response = HttpResponse.arrayBuffer(new Uint8Array([5, 6]))
    const copy = response.clone()
    const first = new Uint8Array(await response.arrayBuffer())
    first[0] = 0
    expect([...new Uint8Array(await copy.arrayBuffer())]).toEqual([5, 6])
  })

  it('keeps the shorthand headers and status on a clone, as an HttpResponse', async () => {
    const response = HttpResponse.json({ a: 1 }, { status: 202, headers: { 'X-A': '1' } })
    const copy = response.clone()
    expect(copy).toBeInstanceOf(HttpResponse)
    expect([copy.status, copy.headers.get('x-a'), copy.headers.get('content-type')]).toEqual([
      202,
      '1',
      'application/json',
    ])
    expect(await copy.json()).toEqual({ a: 1 })
    expect(response.bodyUsed).toBe(false)
  })
})
