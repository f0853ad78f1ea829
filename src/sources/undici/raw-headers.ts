import type { HeaderRecord } from './types'

/** A response's headers as undici v6 hands them to `onHeaders`: name and value buffers, in turn. */
export function toRawHeaders(headers: Headers): Buffer[] {
  const raw: Buffer[] = []
  for (const [name, value] of headers) {
    if (name === 'set-cookie') continue
    raw.push(Buffer.from(name, 'latin1'), Buffer.from(value, 'latin1'))
  }
  for (const cookie of headers.getSetCookie())
    raw.push(Buffer.from('set-cookie', 'latin1'), Buffer.from(cookie, 'latin1'))
  return raw
}

/** A response's headers as undici v7 hands them to `onResponseStart`: repeated names as arrays. */
export function toHeaderRecord(headers: Headers): HeaderRecord {
  const record: HeaderRecord = {}
  for (const [name, value] of headers) {
    if (name !== 'set-cookie') record[name] = value
  }
  const cookies = headers.getSetCookie()
  if (cookies.length > 0) record['set-cookie'] = cookies.length === 1 ? cookies[0]! : cookies
  return record
}

/** Raw v6 headers (values may be arrays of buffers) as Fetch API headers. */
export function fromRawHeaders(raw: ReadonlyArray<Buffer | Buffer[]>): Headers {
  const headers = new Headers()
  for (let index = 0; index + 1 < raw.length; index += 2) {
    const name = raw[index]!.toString('latin1')
    const value = raw[index + 1]!
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item.toString('latin1'))
  }
  return headers
}

/** v7 header records as Fetch API headers. */
export function fromHeaderRecord(record: HeaderRecord): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(record)) {
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  return headers
}
