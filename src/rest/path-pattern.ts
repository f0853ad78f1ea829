/**
 * Compiles a handler path such as `https://api.test/users/:id` into a matcher, once,
 * when the handler is created. Matching a request is then one RegExp exec against
 * the request's clean URL (origin + pathname; query and hash never take part).
 *
 * Supported syntax (MSW 2.x compatible):
 *   :name          one segment, URL-decoded
 *   :name?         optional segment (with its leading slash)
 *   :name* :name+  zero-or-more / one-or-more segments, as an array
 *   *              anything, anywhere (path, host, port); captured as "0", "1", ...
 *                  (a run of stars, "**", is one wildcard)
 *   :name(\\d+)     a param with its own pattern; a bare "(…)" is a numbered param
 *   {…}?           an optional group: "/user{/:id}?", "/book{s}?"
 *   \\x             "x" taken literally
 * Matching ignores case, and a trailing slash on the request is optional
 * (a trailing slash on the pattern is required).
 */
import { MocklibTypeError } from '../runtime/errors'
import { BoundedCache } from '../runtime/bounded-cache'
import { messages } from '../runtime/messages'

export type PathParams<Key extends string = string> = {
  [K in Key]?: string | string[]
}

export interface PathMatch {
  matches: boolean
  params: Record<string, string | string[]>
}

const ABSOLUTE_URL = /^[a-z][a-z\d+\-.]*:\/\//i
const NAME_CHAR = /[A-Za-z0-9_]/
const SEGMENT = '[^\\/#\\?]+?'
/** Characters that make a path more than one literal URL (path-to-regexp 6 syntax, as in MSW 2). */
const SYNTAX = /[:*(){}\\]/

interface ParamSlot {
  name: string
  repeat: boolean
}

export interface CompiledPattern {
  /** The pattern as written, without a query string or hash. */
  readonly source: string
  /** True when the pattern has no scheme and must be resolved against a base URL. */
  readonly relative: boolean
  /** True when the pattern has no params or wildcards: it equals one URL. */
  readonly literal: boolean
  /** Resolves (when relative) and returns the RegExp and slot list for a base URL. */
  resolve(baseUrl: string | undefined): ResolvedPattern | undefined
}

export interface ResolvedPattern {
  readonly regexp: RegExp
  readonly slots: readonly ParamSlot[]
  /** For literal patterns: the lower-cased URL without a trailing slash, used as an index key. */
  readonly key: string | undefined
  /**
   * For patterns with params or path wildcards: the lower-cased literal URL before the first of
   * them, cut at a "/" (`https://api.test/users` for `https://api.test/users/:id/posts`).
   * Every URL the pattern matches has it among its `urlPrefixes()`. Undefined when the
   * authority itself has a wildcard.
   */
  readonly prefix: string | undefined
}

/** Strips a query string or hash from a handler path; returns what was removed. */
export function splitHandlerPath(path: string): { path: string; query: string } {
  // A path ending in "?" is an optional parameter, not a query string.
  if (path.endsWith('?')) return { path, query: '' }
  const index = path.search(/[?#]/)
  if (index === -1) return { path, query: '' }
  return { path: path.slice(0, index), query: path.slice(index) }
}

/** Compiled patterns by path: handlers re-created with the same path (in every test) share one. */
// Bounded: a suite with more distinct paths than this only recompiles some.
const compiled = new BoundedCache<string, CompiledPattern>(2000)

export function compilePattern(path: string): CompiledPattern {
  return compiled.getOrCreate(path, () => compileUncached(path))
}

function compileUncached(path: string): CompiledPattern {
  const source = path
  const relative = !ABSOLUTE_URL.test(path) && !path.startsWith('*')
  const literal = !SYNTAX.test(stripScheme(path)) || isOnlyPortColon(path)
  // Bounded: a page rarely has more than a handful of base URLs over its life.
  const cache = new BoundedCache<string, ResolvedPattern>(32)
  if (!relative && ABSOLUTE_URL.test(path)) assertValidUrl(path)
  // Built now, so a malformed path throws where the handler is created, never while matching.
  const eager = build(path, literal)

  return {
    source,
    relative,
    literal,
    resolve(baseUrl) {
      if (!relative) return eager
      if (baseUrl === undefined) return undefined
      return cache.getOrCreate(baseUrl, () => build(resolveRelative(path, baseUrl), literal))
    },
  }
}

/**
 * An absolute handler URL must have a host a URL can have (no spaces, closed IPv6 brackets),
 * or no request could ever match it. Only the authority can be invalid: the URL parser
 * encodes whatever the path holds. Wildcards stand in as plain text for the check.
 */
function assertValidUrl(path: string): void {
  const scheme = ABSOLUTE_URL.exec(path)?.[0] ?? ''
  const rest = path.slice(scheme.length)
  const slash = rest.indexOf('/')
  const authority = (slash === -1 ? rest : rest.slice(0, slash)).replace(/:\*/g, ':1').replace(/\*/g, 'x')
  let url: URL | undefined
  try {
    url = new URL(`${scheme}${authority}/`)
  } catch {
    url = undefined
  }
  if (url === undefined || ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname === '')) {
    throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', messages.invalidHandlerUrl(path))
  }
}

function stripScheme(path: string): string {
  const match = ABSOLUTE_URL.exec(path)
  return match ? path.slice(match[0].length) : path
}

/** "http://a.com:3000/x" has a colon only for its port: still a literal URL. */
function isOnlyPortColon(path: string): boolean {
  const rest = stripScheme(path)
  if (/[*(){}\\]/.test(rest)) return false
  const slash = rest.indexOf('/')
  const authority = slash === -1 ? rest : rest.slice(0, slash)
  const pathname = slash === -1 ? '' : rest.slice(slash)
  return /^[^:]*:\d+$/.test(authority) && !pathname.includes(':')
}

function resolveRelative(path: string, baseUrl: string): string {
  if (path.startsWith('/')) {
    const origin = /^[a-z][a-z\d+\-.]*:\/\/[^/]*/i.exec(baseUrl)
    if (origin) return origin[0] + path
  }
  // Resolve "posts" or "../posts" against the base; keep ":" and "*" as written.
  try {
    return decodeURI(new URL(encodeURI(path), baseUrl).href)
  } catch {
    return path
  }
}

function build(pattern: string, literal: boolean): ResolvedPattern {
  const slots: ParamSlot[] = []
  let wildcardIndex = 0
  let out = '^'
  let text = ''
  /** The literal text before the first param or wildcard (none when the authority has one). */
  let prefixText: string | undefined
  let authorityWildcard = false
  let i = 0

  // The authority (scheme://host:port) is literal except for "*" wildcards.
  const scheme = ABSOLUTE_URL.exec(pattern)
  if (scheme) {
    const afterScheme = scheme[0].length
    const slash = pattern.indexOf('/', afterScheme)
    const authorityEnd = slash === -1 ? pattern.length : slash
    for (const char of pattern.slice(0, authorityEnd)) {
      if (char === '*') {
        out += '(.*)'
        slots.push({ name: String(wildcardIndex++), repeat: false })
        authorityWildcard = true
      } else {
        text += char.toLowerCase()
        out += escapeRegExp(char.toLowerCase())
      }
    }
    i = authorityEnd
  }

  /** Where the open "{" group starts in `out` (groups do not nest, as in path-to-regexp 6). */
  let groupStart: number | undefined

  while (i < pattern.length) {
    const char = pattern[i]
    const isParam = char === ':' && NAME_CHAR.test(pattern[i + 1] ?? '')
    if (char === '*' || isParam || char === '(' || char === '{') prefixText ??= text
    if (char === '*') {
      out += '(.*)'
      slots.push({ name: String(wildcardIndex++), repeat: false })
      while (pattern[i] === '*') i++
      continue
    }
    if (isParam || char === '(') {
      let end = i
      let name: string
      if (isParam) {
        end = i + 1
        while (end < pattern.length && NAME_CHAR.test(pattern[end])) end++
        name = pattern.slice(i + 1, end)
      } else {
        name = String(wildcardIndex++)
      }
      // A param may bring its own pattern: ":id(\\d+)".
      let segment = SEGMENT
      if (pattern[end] === '(') {
        const close = closingParen(pattern, end)
        segment = pattern.slice(end + 1, close)
        // Its groups must not capture: each param is one capture, in order.
        if (/(^|[^\\])\((?!\?)/.test(segment)) throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', messages.capturingGroupInParamPattern(pattern, segment))
        end = close + 1
      }
      const modifier = pattern[end]
      if (modifier === '?' || modifier === '*' || modifier === '+') {
        // The "/" (or ".") before an optional or repeated param belongs to it.
        const lead = out.endsWith('\\/') || out.endsWith('\\.') ? out.slice(-2) : ''
        out = out.slice(0, out.length - lead.length)
        const repeat = modifier !== '?'
        const body = repeat ? `((?:${segment})(?:${lead}(?:${segment}))*)` : `(${segment})`
        out += `(?:${lead}${body})${modifier === '+' ? '' : '?'}`
        slots.push({ name, repeat })
        i = end + 1
      } else {
        out += `(${segment})`
        slots.push({ name, repeat: false })
        i = end
      }
      continue
    }
    if (char === '{' && groupStart === undefined) {
      groupStart = out.length
      i++
      continue
    }
    if (char === '}' && groupStart !== undefined) {
      const modifier = pattern[i + 1]
      const quantifier = modifier === '?' || modifier === '*' || modifier === '+' ? modifier : ''
      out = `${out.slice(0, groupStart)}(?:${out.slice(groupStart)})${quantifier}`
      groupStart = undefined
      i += 1 + quantifier.length
      continue
    }
    if (char === '\\' && i + 1 < pattern.length) {
      // An escaped character is literal: "\\:" is a colon, not a param.
      i++
      const escaped = String.fromCodePoint(pattern.codePointAt(i) ?? 0)
      const encoded = encodeLiteral(escaped)
      text += encoded
      out += escapeRegExp(encoded)
      i += escaped.length
      continue
    }
    // A whole code point: an emoji is two UTF-16 units, which are encoded together.
    const whole = String.fromCodePoint(pattern.codePointAt(i) ?? 0)
    const encoded = encodeLiteral(whole)
    text += encoded
    out += escapeRegExp(encoded)
    i += whole.length
  }
  out += '[\\/]?$'

  const key = literal ? normalizeKey(text) : undefined
  let regexp: RegExp
  try {
    regexp = new RegExp(out, 'i')
  } catch (error) {
    // A param pattern that is not a valid regular expression (":id([)").
    throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', messages.invalidPathPattern(pattern, error instanceof Error ? error.message : String(error)))
  }
  return { regexp, slots, key, prefix: literal || authorityWildcard ? undefined : toPrefix(prefixText) }
}

/** The index of the ")" that closes the "(" at `open`, minding escapes and nesting. */
function closingParen(pattern: string, open: number): number {
  let depth = 0
  for (let i = open; i < pattern.length; i++) {
    const char = pattern[i]
    if (char === '\\') i++
    else if (char === '(') depth++
    else if (char === ')' && --depth === 0) return i
  }
  throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', messages.unclosedPathGroup(pattern, open))
}

/** Cuts the literal text before a param at its last "/" past the authority. */
function toPrefix(text: string | undefined): string | undefined {
  if (text === undefined) return undefined
  const scheme = ABSOLUTE_URL.exec(text)
  const slash = text.lastIndexOf('/')
  if (scheme === null || slash < scheme[0].length) return undefined
  return text.slice(0, slash).toLowerCase()
}

/**
 * The keys a request URL can be found by in a prefix index: its origin, each path prefix that
 * ends before a "/", and the whole URL. `key` is a `normalizeKey()`ed clean URL.
 */
export function urlPrefixes(key: string): string[] {
  const scheme = ABSOLUTE_URL.exec(key)
  const prefixes: string[] = []
  if (scheme === null) return [key]
  for (let slash = key.indexOf('/', scheme[0].length); slash !== -1; slash = key.indexOf('/', slash + 1)) {
    prefixes.push(key.slice(0, slash))
  }
  prefixes.push(key)
  return prefixes
}

/** Literal characters are compared with the request's encoded pathname. */
function encodeLiteral(char: string): string {
  if (!/[\s"<>`{}\u0080-\uffff]/.test(char)) return char
  // A lone surrogate cannot be encoded; a URL holds U+FFFD in its place.
  return /^[\ud800-\udfff]$/.test(char) ? encodeURI('\ufffd') : encodeURI(char)
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}

/** The index key of a URL: lower-cased, without one trailing slash. */
export function normalizeKey(url: string): string {
  const lower = url.toLowerCase()
  return lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower
}

/** Runs a resolved pattern against a clean request URL. */
export function execPattern(resolved: ResolvedPattern, cleanUrl: string): PathMatch | undefined {
  const match = resolved.regexp.exec(cleanUrl)
  if (match === null) return undefined
  const params: Record<string, string | string[]> = {}
  const { slots } = resolved
  for (let index = 0; index < slots.length; index++) {
    const raw = match[index + 1]
    if (raw === undefined) continue
    const slot = slots[index]
    params[slot.name] = slot.repeat ? raw.split('/').map(safeDecode) : safeDecode(raw)
  }
  return { matches: true, params }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/** origin + pathname: the part of a URL that path matching looks at. */
export function getCleanUrl(url: URL): string {
  return url.protocol + '//' + url.host + url.pathname
}
