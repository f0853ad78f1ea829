import { NULL_BODY_STATUS } from '../runtime/http-response'
import { decodeBody, encodeBody } from './body-text'
import type { HarContent, HarNameValue, HarPostData, HarRequest, HarResponse } from './har'

/**
 * Headers never written to a recording nor replayed: they describe one connection or one
 * encoding of the body (fetch has already decoded it; HAR keeps the decoded body), or they
 * are not HTTP header names at all (HTTP/2 pseudo-headers in browser HARs).
 */
const TRANSPORT = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'content-encoding',
  'content-length',
  'upgrade',
  'te',
  'trailer',
  'host',
])
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

/** Whether a header name is kept in recordings and replayed responses. */
export function isRecordableHeader(name: string, volatile: ReadonlySet<string>): boolean {
  const lower = name.toLowerCase()
  return TOKEN.test(name) && !TRANSPORT.has(lower) && !volatile.has(lower)
}

function headerList(headers: Headers, volatile: ReadonlySet<string>): HarNameValue[] {
  const list: HarNameValue[] = []
  headers.forEach((value, name) => {
    if (name !== 'set-cookie' && isRecordableHeader(name, volatile)) list.push({ name, value })
  })
  for (const cookie of headers.getSetCookie?.() ?? []) list.push({ name: 'set-cookie', value: cookie })
  return list.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}

/** A request as a HAR request, its body read from a copy (the request stays unread). */
export async function harRequestOf(request: Request, volatile: ReadonlySet<string>): Promise<HarRequest> {
  const url = new URL(request.url)
  const har: HarRequest = {
    method: request.method,
    url: request.url,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: headerList(request.headers, volatile),
    queryString: harQueryString(url),
    headersSize: -1,
    bodySize: 0,
  }
  if (request.body !== null) {
    const bytes = new Uint8Array(await request.clone().arrayBuffer())
    har.postData = harPostData(bytes, request.headers.get('content-type') ?? '')
    har.bodySize = bytes.byteLength
  }
  return har
}

/** A response as a HAR response; its body is read (pass a clone to keep using it). */
export async function harResponseOf(response: Response, volatile: ReadonlySet<string>): Promise<HarResponse> {
  const bytes = new Uint8Array(await response.arrayBuffer())
  return {
    status: response.status,
    statusText: response.statusText,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: headerList(response.headers, volatile),
    content: harContent(bytes, response.headers.get('content-type') ?? ''),
    redirectURL: response.headers.get('location') ?? '',
    headersSize: -1,
    bodySize: bytes.byteLength,
  }
}

/** A URL's query as HAR lists it, in order, repeated names kept. */
export function harQueryString(url: URL): HarNameValue[] {
  return [...url.searchParams].map(([name, value]) => ({ name, value }))
}

/** A request body as HAR's postData: text, or base64 marked as mocklib marks it (`_encoding`). */
export function harPostData(bytes: Uint8Array, mimeType: string): HarPostData {
  const body = encodeBody(bytes, mimeType)
  return body.base64 ? { mimeType, text: body.text, _encoding: 'base64' } : { mimeType, text: body.text }
}

/** A response body as HAR's content: text, or base64 as HAR marks it (`encoding`). */
export function harContent(bytes: Uint8Array, mimeType: string): HarContent {
  const body = encodeBody(bytes, mimeType)
  const size = bytes.byteLength
  return body.base64 ? { size, mimeType, text: body.text, encoding: 'base64' } : { size, mimeType, text: body.text }
}

function headersOf(list: readonly HarNameValue[]): Headers {
  const headers = new Headers()
  for (const { name, value } of list) {
    if (isRecordableHeader(name, EMPTY)) headers.append(name, value)
  }
  return headers
}

const EMPTY: ReadonlySet<string> = new Set()

/** The request a HAR entry describes (to compute its matching key like a live request's). */
export function requestOfHar(har: HarRequest): Request {
  const method = har.method.toUpperCase()
  const headers = headersOf(har.headers ?? [])
  const hasBody = method !== 'GET' && method !== 'HEAD' && har.postData?.text !== undefined
  if (hasBody && har.postData?.mimeType && !headers.has('content-type'))
    headers.set('content-type', har.postData.mimeType)
  return new Request(har.url, {
    method,
    headers,
    body: hasBody ? decodeBody(har.postData?.text, har.postData?._encoding === 'base64') : undefined,
  })
}

/** Whether a HAR response can be replayed (a browser HAR also lists failed and aborted requests). */
export function isReplayable(har: HarResponse | undefined): har is HarResponse {
  return har !== undefined && Number.isInteger(har.status) && har.status >= 200 && har.status <= 599
}

/** A fresh Response with a HAR response's status, headers and body, byte for byte. */
export function responseOfHar(har: HarResponse): Response {
  const headers = headersOf(har.headers ?? [])
  const content = har.content ?? { size: 0, mimeType: '' }
  if (!headers.has('content-type') && content.mimeType) headers.set('content-type', content.mimeType)
  const body = NULL_BODY_STATUS.has(har.status) ? null : decodeBody(content.text, content.encoding === 'base64')
  return new Response(body, { status: har.status, statusText: har.statusText ?? '', headers })
}
