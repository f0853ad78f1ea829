/**
 * jsdom's `Blob` (jsdom 20 to 26) has neither `stream()` nor `arrayBuffer()`, so Node's `Response`
 * does not recognise it and sends the text "[object Blob]". Its bytes can be read only by the
 * page's `FileReader`: such a body is given to the platform as a stream read that way, with the
 * Blob's type. Any other body is left to the platform (undefined).
 */
export function readDomBlob(body: unknown): { stream: ReadableStream<Uint8Array>; type: string } | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const tag = Object.prototype.toString.call(body)
  if (tag !== '[object Blob]' && tag !== '[object File]') return undefined
  const blob = body as Blob
  const Reader = (globalThis as { FileReader?: typeof FileReader }).FileReader
  if (typeof blob.stream === 'function' || typeof blob.arrayBuffer === 'function' || Reader === undefined)
    return undefined
  const stream = new ReadableStream<Uint8Array>({
    start: (controller) =>
      new Promise<void>((resolve) => {
        const reader = new Reader()
        reader.onload = () => {
          const bytes = new Uint8Array(reader.result as ArrayBuffer)
          if (bytes.byteLength > 0) controller.enqueue(bytes)
          controller.close()
          resolve()
        }
        reader.onerror = () => {
          controller.error(reader.error)
          resolve()
        }
        reader.readAsArrayBuffer(blob)
      }),
  })
  return { stream, type: blob.type }
}
