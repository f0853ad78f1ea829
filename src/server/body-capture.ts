// Reads the beginning of a body for the request history without taking it from its reader:
// the history gets its own branch and lets go after `limit` bytes, so a 50 MB upload or an
// endless event stream costs the history no more than that.

export interface Captured {
  bytes: Uint8Array
  truncated: boolean
}

export async function captureStream(
  stream: ReadableStream<Uint8Array>,
  limit: number,
  onChunk?: (chunk: Uint8Array) => void,
): Promise<Captured> {
  const reader = stream.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return { bytes: concat(chunks, size), truncated: false }
      onChunk?.(value)
      if (size + value.byteLength > limit) {
        chunks.push(value.subarray(0, limit - size))
        size = limit
        // The stream's own reader goes on; only this branch stops.
        if (onChunk === undefined) {
          await reader.cancel().catch(() => {})
          return { bytes: concat(chunks, size), truncated: true }
        }
        continue
      }
      chunks.push(value)
      size += value.byteLength
    }
  } catch {
    return { bytes: concat(chunks, size), truncated: true }
  }
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}
