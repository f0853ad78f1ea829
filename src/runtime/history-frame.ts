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

/** A frame sent now. */
export function historyFrame(direction: 'in' | 'out', data: string, encoding?: 'base64'): HistoryFrame {
  const at = new Date().toISOString()
  return encoding === undefined ? { direction, data, at } : { direction, data, encoding, at }
}
