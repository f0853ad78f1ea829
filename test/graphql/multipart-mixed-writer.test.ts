import { describe, expect, it } from 'vitest'
import { MultipartMixedWriter } from '../../src/graphql/multipart-mixed-writer'

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text()
}

describe('MultipartMixedWriter', () => {
  it('writes the opening delimiter, each part with its headers and length, and the closing delimiter', async () => {
    const writer = new MultipartMixedWriter()
    expect(writer.contentType).toBe('multipart/mixed; boundary="-"')
    writer.writeJson({ data: { a: 'é' }, hasNext: true })
    writer.writeJson({ hasNext: false })
    writer.close()
    const first = '{"data":{"a":"é"},"hasNext":true}'
    expect(await readAll(writer.readable)).toBe(
      '\r\n---' +
        `\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${new TextEncoder().encode(first).byteLength}\r\n\r\n${first}\r\n---` +
        '\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: 17\r\n\r\n{"hasNext":false}' +
        '\r\n---' +
        '--\r\n',
    )
  })

  it('uses the boundary it is given and refuses one RFC 2046 does not allow', async () => {
    const writer = new MultipartMixedWriter({ boundary: 'graphql' })
    expect(writer.contentType).toBe('multipart/mixed; boundary="graphql"')
    writer.writePart('{}')
    writer.close()
    expect(await readAll(writer.readable)).toBe('\r\n--graphql\r\nContent-Length: 2\r\n\r\n{}\r\n--graphql--\r\n')
    expect(() => new MultipartMixedWriter({ boundary: 'a\r\nb' })).toThrow(/boundary "a\\r\\nb" is not valid/)
    expect(() => new MultipartMixedWriter({ boundary: '' })).toThrow(/not valid/)
  })

  it('sends each part when it is written, before the body ends', async () => {
    const writer = new MultipartMixedWriter()
    const reader = writer.readable.getReader()
    const decoder = new TextDecoder()
    expect(decoder.decode((await reader.read()).value)).toBe('\r\n---')
    writer.writeJson({ n: 1 })
    expect(decoder.decode((await reader.read()).value)).toContain('{"n":1}\r\n---')
    expect(writer.state).toBe('open')
    writer.close()
    expect(decoder.decode((await reader.read()).value)).toBe('--\r\n')
    expect((await reader.read()).done).toBe(true)
  })

  it('ready() waits until the client has read what was written, and resolves once the body ends', async () => {
    const writer = new MultipartMixedWriter()
    writer.writeJson({ n: 1 })
    let ready = false
    const waiting = writer.ready().then(() => (ready = true))
    const reader = writer.readable.getReader()
    await reader.read() // the opening delimiter: part 1 is still unread
    await Promise.resolve()
    expect(ready).toBe(false)
    await reader.read() // part 1
    await waiting
    writer.writeJson({ n: 2 })
    const afterCancel = writer.ready()
    await reader.cancel()
    await afterCancel
  })

  it('ignores writes after the end and tells the producer when the client cancels', async () => {
    const writer = new MultipartMixedWriter()
    const ended = new Promise((resolve) => writer.signal.addEventListener('abort', () => resolve(writer.signal.reason)))
    await writer.readable.cancel()
    expect(await ended).toBe('cancelled')
    expect(writer.writeJson({ late: true })).toBe(false)
    writer.close()
    expect(writer.state).toBe('cancelled')
  })
})
