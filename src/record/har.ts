// HAR 1.2 (the HTTP Archive format browsers' dev tools save), as far as mocklib reads and writes it.
// Fields a producer may leave out are optional; fields starting with "_" are producer-specific
// (Chromium writes `_resourceType`, `_initiator`, ...) and are kept as they are.

export interface HarNameValue {
  name: string
  value: string
  comment?: string
}

export interface HarPostData {
  mimeType: string
  text?: string
  params?: Array<{ name: string; value?: string; fileName?: string; contentType?: string }>
  /** mocklib's addition: "base64" when `text` holds a binary body in base64. */
  _encoding?: 'base64'
  comment?: string
}

export interface HarRequest {
  method: string
  url: string
  httpVersion: string
  cookies: HarNameValue[]
  headers: HarNameValue[]
  queryString: HarNameValue[]
  postData?: HarPostData
  headersSize: number
  bodySize: number
  comment?: string
}

export interface HarContent {
  size: number
  compression?: number
  mimeType: string
  text?: string
  /** "base64" when `text` holds the bytes in base64 (binary bodies). */
  encoding?: string
  comment?: string
}

export interface HarResponse {
  status: number
  statusText: string
  httpVersion: string
  cookies: HarNameValue[]
  headers: HarNameValue[]
  content: HarContent
  redirectURL: string
  headersSize: number
  bodySize: number
  comment?: string
}

export interface HarTimings {
  blocked?: number
  dns?: number
  connect?: number
  send: number
  wait: number
  receive: number
  ssl?: number
  comment?: string
}

export interface HarEntry {
  pageref?: string
  startedDateTime: string
  time: number
  request: HarRequest
  response: HarResponse
  cache: Record<string, unknown>
  timings: HarTimings
  serverIPAddress?: string
  connection?: string
  comment?: string
  [producerField: `_${string}`]: unknown
}

export interface HarLog {
  version: string
  creator: { name: string; version: string; comment?: string }
  browser?: { name: string; version: string; comment?: string }
  pages?: unknown[]
  entries: HarEntry[]
  comment?: string
}

export interface Har {
  log: HarLog
}
