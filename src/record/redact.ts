import type { HarEntry, HarNameValue, HarPostData } from './har'

/** What is kept out of recordings. Secrets are replaced by a placeholder before anything is stored. */
export interface RedactOptions {
  /**
   * More header names whose values are secret (request and response), beside the defaults:
   * authorization, proxy-authorization, cookie, set-cookie, x-api-key, x-auth-token.
   */
  headers?: readonly string[]
  /** Query parameters whose values are secret, beside access_token, api_key, apikey and token. */
  query?: readonly string[]
  /**
   * Paths into JSON request and response bodies whose values are secret: "variables.password"
   * (a GraphQL request), "data.login.token" (its answer), "*" for any key or list position.
   */
  jsonPaths?: readonly string[]
  /** A last look at each entry before it is stored: change it in place, or return a new one. */
  hook?: (entry: HarEntry) => HarEntry | void
  /** What replaces a secret. Default "REDACTED". */
  placeholder?: string
}

const SECRET_HEADERS = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key', 'x-auth-token']
const SECRET_QUERY = ['access_token', 'api_key', 'apikey', 'token']

/** The redaction rules of one recorder, compiled once. */
export class Redactor {
  readonly placeholder: string
  readonly #headers: ReadonlySet<string>
  readonly #query: ReadonlySet<string>
  readonly #paths: ReadonlyArray<readonly string[]>
  readonly #hook: RedactOptions['hook']

  constructor(options: RedactOptions = {}) {
    this.placeholder = options.placeholder ?? 'REDACTED'
    this.#headers = new Set([...SECRET_HEADERS, ...(options.headers ?? [])].map((name) => name.toLowerCase()))
    this.#query = new Set([...SECRET_QUERY, ...(options.query ?? [])].map((name) => name.toLowerCase()))
    this.#paths = (options.jsonPaths ?? []).map((path) => path.split('.'))
    this.#hook = options.hook
  }

  /** A query parameter's value as it is stored (and compared). */
  queryValue(name: string, value: string): string {
    return this.#query.has(name.toLowerCase()) ? this.placeholder : value
  }

  /** A header's value as it is stored (and compared). */
  headerValue(name: string, value: string): string {
    const lower = name.toLowerCase()
    return this.#headers.has(lower) ? redactHeader(lower, value, this.placeholder) : value
  }

  /** A URL with its secret query values replaced. */
  url(href: string): string {
    const url = new URL(href)
    if (![...url.searchParams.keys()].some((name) => this.#query.has(name.toLowerCase()))) return href
    const params = [...url.searchParams].map(([name, value]) => [name, this.queryValue(name, value)])
    url.search = new URLSearchParams(params).toString()
    return url.href
  }

  /** A parsed JSON body with the configured paths replaced; the same object when nothing matched. */
  json(value: unknown): unknown {
    let result = value
    for (const path of this.#paths) result = replaceAt(result, path, 0, this.placeholder)
    return result
  }

  /** A JSON body text with the configured paths replaced; the same text when nothing matched (or it is not JSON). */
  jsonText(text: string): string {
    if (this.#paths.length === 0) return text
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      return text
    }
    const redacted = this.json(parsed)
    return redacted === parsed ? text : JSON.stringify(redacted)
  }

  /** Applies every rule, then the hook. The entry is changed in place and returned. */
  entry(entry: HarEntry): HarEntry {
    const { request, response } = entry
    request.url = this.url(request.url)
    request.queryString = request.queryString.map(({ name, value }) => ({ name, value: this.queryValue(name, value) }))
    request.headers = this.#headerValues(request.headers)
    request.cookies = []
    if (request.postData !== undefined) this.#postData(request.postData)
    response.headers = this.#headerValues(response.headers)
    response.cookies = []
    const content = response.content
    if (content.text !== undefined && content.encoding === undefined) content.text = this.jsonText(content.text)
    return this.#hook?.(entry) ?? entry
  }

  #headerValues(headers: HarNameValue[]): HarNameValue[] {
    return headers.map((header) => ({ ...header, value: this.headerValue(header.name, header.value) }))
  }

  #postData(postData: HarPostData): void {
    if (postData.text !== undefined && postData._encoding === undefined) postData.text = this.jsonText(postData.text)
  }
}

/** Keeps what tells the reader what was there (the scheme, the cookie names and attributes). */
function redactHeader(name: string, value: string, placeholder: string): string {
  if (name === 'cookie') {
    return value
      .split(';')
      .map((pair) => `${pair.split('=')[0].trim()}=${placeholder}`)
      .join('; ')
  }
  if (name === 'set-cookie') {
    const [pair, ...attributes] = value.split(';')
    return [`${pair.split('=')[0].trim()}=${placeholder}`, ...attributes.map((attribute) => attribute.trim())].join(
      '; ',
    )
  }
  if (name === 'authorization' || name === 'proxy-authorization') {
    const scheme = /^(\w+)\s+\S/.exec(value)?.[1]
    return scheme === undefined ? placeholder : `${scheme} ${placeholder}`
  }
  return placeholder
}

/** `value` with what `path` (from `index` on) points at replaced; the same object when nothing is there. */
function replaceAt(value: unknown, path: readonly string[], index: number, placeholder: string): unknown {
  if (index === path.length) return value === undefined ? value : placeholder
  if (value === null || typeof value !== 'object') return value
  const segment = path[index]
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined
    value.forEach((item, position) => {
      if (segment !== '*' && segment !== String(position)) return
      const next = replaceAt(item, path, index + 1, placeholder)
      if (next !== item) (copy ??= [...value])[position] = next
    })
    return copy ?? value
  }
  const record = value as Record<string, unknown>
  let copy: Record<string, unknown> | undefined
  for (const key of segment === '*' ? Object.keys(record) : Object.hasOwn(record, segment) ? [segment] : []) {
    const next = replaceAt(record[key], path, index + 1, placeholder)
    if (next !== record[key]) (copy ??= { ...record })[key] = next
  }
  return copy ?? value
}
