import { fromBase64, toBase64 } from '../runtime/base64'

/** A body as HAR stores it: UTF-8 text when it is text, base64 otherwise (byte for byte either way). */
export interface BodyText {
  text: string
  base64: boolean
}

const TEXTUAL =
  /^(text\/|application\/(?:[\w.+-]*\+)?(?:json|xml|javascript|ecmascript|graphql|x-www-form-urlencoded|x-ndjson)\b)|^multipart\/form-data|\+json\b|\+xml\b/i

export function encodeBody(bytes: Uint8Array, contentType: string): BodyText {
  if (bytes.byteLength === 0) return { text: '', base64: false }
  if (contentType === '' || TEXTUAL.test(contentType)) {
    try {
      return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes), base64: false }
    } catch {
      // Not valid UTF-8: kept in base64 below.
    }
  }
  return { text: toBase64(bytes), base64: true }
}

export function decodeBody(text: string | undefined, base64: boolean): Uint8Array<ArrayBuffer> {
  if (text === undefined || text === '') return new Uint8Array(0)
  return base64 ? fromBase64(text) : new TextEncoder().encode(text)
}
