// HAR 1.2 recordings written by hand: one entry per exchange, with the fields a HAR must have.
import type { Har, HarEntry } from 'mocklib/record'

export interface EntryAnswer {
  status?: number
  mimeType?: string
  text: string
}

/** One recorded exchange: the request's method and URL (plus any request fields), and the answer. */
export function harEntry(
  method: string,
  url: string,
  { status = 200, mimeType = 'text/plain', text }: EntryAnswer,
  request: Partial<HarEntry['request']> = {},
): HarEntry {
  return {
    startedDateTime: '1970-01-01T00:00:00.000Z',
    time: 0,
    cache: {},
    timings: { send: 0, wait: 0, receive: 0 },
    request: {
      method,
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [],
      queryString: [],
      headersSize: -1,
      bodySize: 0,
      ...request,
    },
    response: {
      status,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [{ name: 'content-type', value: mimeType }],
      content: { size: text.length, mimeType, text },
      redirectURL: '',
      headersSize: -1,
      bodySize: text.length,
    },
  }
}

export const har = (...entries: HarEntry[]): Har => ({
  log: { version: '1.2', creator: { name: 'test', version: '1' }, entries },
})
