import { ResponseBase } from './platform-response'

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

/**
 * A FormData the platform's `Response` does not take as one (jsdom's, on Node 24, whose fetch
 * checks the class): it would send the text "[object FormData]". Such a body is encoded here as
 * multipart/form-data, its Blob and File values read as above. Any other body: undefined.
 */
export function readForeignFormData(body: unknown): { stream: ReadableStream<Uint8Array>; type: string } | undefined {
  if (Object.prototype.toString.call(body) !== '[object FormData]') return undefined
  if (takesFormData(body as FormData)) return undefined
  const boundary = `----mocklib${Math.random().toString(16).slice(2)}${Date.now().toString(16)}`
  const entries = [...(body as Iterable<[string, unknown]>)]
  const stream = new ReadableStream<Uint8Array>({
    start: async (controller) => {
      try {
        for (const [name, value] of entries) controller.enqueue(await encodePart(boundary, name, value))
        controller.enqueue(new TextEncoder().encode(`--${boundary}--\r\n`))
        controller.close()
      } catch (error) {
        controller.error(error)
      }
    },
  })
  return { stream, type: `multipart/form-data; boundary=${boundary}` }
}

/** By FormData prototype: whether the Response HttpResponse builds on encodes that class itself. */
const takenFormData = new WeakMap<object, boolean>()

/**
 * Asked once per FormData class (a probe encodes the whole body): whether the platform's
 * `Response` gives it a multipart Content-Type rather than the text "[object FormData]".
 */
function takesFormData(body: FormData): boolean {
  const prototype = Object.getPrototypeOf(body) as object | null
  const known = prototype === null ? undefined : takenFormData.get(prototype)
  if (known !== undefined) return known
  const type = new ResponseBase(body).headers.get('content-type') ?? ''
  const taken = type.startsWith('multipart/form-data')
  if (prototype !== null) takenFormData.set(prototype, taken)
  return taken
}

/** Field names and file names escaped as the HTML form encoding does. */
const escapeName = (text: string) => text.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22')

async function encodePart(boundary: string, name: string, value: unknown): Promise<Uint8Array> {
  const encoder = new TextEncoder()
  if (typeof value === 'string') {
    const text = `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(name)}"\r\n\r\n${value}\r\n`
    return encoder.encode(text.replace(/\r\n|\r|\n/g, '\r\n'))
  }
  const blob = value as Blob & { name?: string }
  const bytes = await blobBytes(blob)
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(name)}"; ` +
    `filename="${escapeName(blob.name ?? 'blob')}"\r\nContent-Type: ${blob.type || 'application/octet-stream'}\r\n\r\n`
  const headBytes = encoder.encode(head)
  const part = new Uint8Array(headBytes.byteLength + bytes.byteLength + 2)
  part.set(headBytes, 0)
  part.set(bytes, headBytes.byteLength)
  part.set([13, 10], headBytes.byteLength + bytes.byteLength)
  return part
}

async function blobBytes(blob: Blob): Promise<Uint8Array> {
  const dom = readDomBlob(blob)
  const source = dom === undefined ? blob.stream() : dom.stream
  return new Uint8Array(await new Response(source).arrayBuffer())
}
