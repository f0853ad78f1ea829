import { toBase64 } from './base64'

/**
 * A message of a connection or a chunk of a streamed answer, as every history keeps it: the
 * pipeline's (`HistoryEntry.frames`), the mock server's and its control protocol's.
 */
export interface HistoryFrame {
  /** `in`: from the client; `out`: to it. */
  direction: 'in' | 'out'
  /** The text; a binary message in base64. */
  data: string
  encoding?: 'base64'
  /** When it was sent (ISO 8601). */
  at: string
}

/** Frames kept per stream or connection, unless told otherwise: a long stream keeps its beginning. */
export const FRAME_LIMIT = 200

/** A frame's data: text, or bytes (kept in base64). */
export type FrameData = string | ArrayBufferLike | ArrayBufferView

/** A frame sent now: text as it is, bytes in base64. */
export function historyFrame(direction: 'in' | 'out', data: FrameData): HistoryFrame {
  const at = new Date().toISOString()
  if (typeof data === 'string') return { direction, data, at }
  const bytes = ArrayBuffer.isView(data)
    ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
    : new Uint8Array(data)
  return { direction, data: toBase64(bytes), encoding: 'base64', at }
}
