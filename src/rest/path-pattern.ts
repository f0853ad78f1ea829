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

/**
 * Path parameters by name: one segment as a string, a repeated one (`:path+`, `*`) as an array.
 * Keyed by any property key, as MSW declares it, so `P extends PathParams<keyof P>` compiles.
 */
export type PathParams<Key extends PropertyKey = string> = {
  [K in Key]?: string | readonly string[]
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
/** "scheme://authority" at the start of a URL. */
const ORIGIN = /^[a-z][a-z\d+\-.]*:\/\/[^/]*/i

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
      return cache.getOrCreate(baseUrl, () => buildRelative(path, baseUrl, literal))
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

/**
 * A relative path built against a base URL. The path compiled on its own at creation, so
 * matching must not throw: when resolving its dot segments cuts through a group ("(/)/.."
 * becomes "(/"), the path is appended to the base's directory as written instead, with the
 * base's own pattern characters escaped.
 */
function buildRelative(path: string, baseUrl: string, literal: boolean): ResolvedPattern {
  try {
    return build(resolveRelative(path, baseUrl), literal)
  } catch {
    const origin = ORIGIN.exec(baseUrl)?.[0] ?? ''
    const directory = path.startsWith('/')
      ? ''
      : baseUrl
          .slice(origin.length)
          .replace(/[?#].*$/s, '')
          .replace(/[^/]*$/, '')
    return build(origin + directory.replace(/[:*(){}\\?+]/g, '\\$&') + path, literal)
  }
}

function resolveRelative(path: string, baseUrl: string): string {
  if (path.startsWith('/')) {
    const origin = ORIGIN.exec(baseUrl)
    if (origin) return origin[0] + path
  }
  // Resolve "posts" or "../posts" against the base; keep ":" and "*" as written.
  try {
    return decodeURI(new URL(encodeURI(path), baseUrl).href)
  } catch {
    return path
  }
}

/** The state of one `build()` pass: where it reads in `pattern` and what it has written so far. */
interface BuildState {
  readonly pattern: string
  /** Read position in `pattern`. */
  i: number
  /** The RegExp source written so far. */
  out: string
  /** The literal (encoded) text read so far. */
  text: string
  readonly slots: ParamSlot[]
  wildcardIndex: number
  /** The literal text before the first param or wildcard (none when the authority has one). */
  prefixText: string | undefined
  authorityWildcard: boolean
  /** Where the open "{" group starts in `out` (groups do not nest, as in path-to-regexp 6). */
  groupStart: number | undefined
}

function build(pattern: string, literal: boolean): ResolvedPattern {
  const state: BuildState = {
    pattern,
    i: 0,
    out: '^',
    text: '',
    slots: [],
    wildcardIndex: 0,
    prefixText: undefined,
    authorityWildcard: false,
    groupStart: undefined,
  }
  readAuthority(state)
  while (state.i < pattern.length) readPathToken(state)
  state.out += '[\\/]?$'
  return {
    regexp: compileRegExp(pattern, state.out),
    slots: state.slots,
    key: literal ? normalizeKey(state.text) : undefined,
    prefix: literal || state.authorityWildcard ? undefined : toPrefix(state.prefixText),
  }
}

/** The authority (scheme://host:port) is literal except for "*" wildcards. */
function readAuthority(state: BuildState): void {
  const scheme = ABSOLUTE_URL.exec(state.pattern)
  if (!scheme) return
  const slash = state.pattern.indexOf('/', scheme[0].length)
  const authorityEnd = slash === -1 ? state.pattern.length : slash
  for (const char of state.pattern.slice(0, authorityEnd)) {
    if (char === '*') {
      addWildcard(state)
      state.authorityWildcard = true
    } else {
      state.text += char.toLowerCase()
      state.out += escapeRegExp(char.toLowerCase())
    }
  }
  state.i = authorityEnd
}

/** Reads one token of the path part: a wildcard, a param, a group brace or one literal character. */
function readPathToken(state: BuildState): void {
  const { pattern, i } = state
  const char = pattern[i]
  const isParam = char === ':' && NAME_CHAR.test(pattern[i + 1] ?? '')
  if (char === '*' || isParam || char === '(' || char === '{') state.prefixText ??= state.text
  if (char === '*') {
    addWildcard(state)
    while (pattern[state.i] === '*') state.i++
  } else if (isParam || char === '(') {
    readParam(state, isParam)
  } else if (char === '{' && state.groupStart === undefined) {
    state.groupStart = state.out.length
    state.i++
  } else if (char === '}' && state.groupStart !== undefined) {
    closeGroup(state)
  } else if (char === '\\' && i + 1 < pattern.length) {
    // An escaped character is literal: "\\:" is a colon, not a param.
    state.i++
    addLiteral(state)
  } else {
    addLiteral(state)
  }
}

function addWildcard(state: BuildState): void {
  state.out += '(.*)'
  state.slots.push({ name: String(state.wildcardIndex++), repeat: false })
}

/** Adds the whole code point at `state.i` as literal text: an emoji's two UTF-16 units are encoded together. */
function addLiteral(state: BuildState): void {
  const whole = String.fromCodePoint(state.pattern.codePointAt(state.i) ?? 0)
  const encoded = encodeLiteral(whole)
  state.text += encoded
  state.out += escapeRegExp(encoded)
  state.i += whole.length
}

/** Reads ":name", ":name(…)" or a bare "(…)" (a numbered param), with its "?", "*" or "+" modifier. */
function readParam(state: BuildState, named: boolean): void {
  const { pattern, i } = state
  let end = i
  let name: string
  if (named) {
    end = i + 1
    while (end < pattern.length && NAME_CHAR.test(pattern[end])) end++
    name = pattern.slice(i + 1, end)
  } else {
    name = String(state.wildcardIndex++)
  }
  const own = readParamSegment(pattern, end)
  end = own.end
  const modifier = pattern[end]
  if (modifier === '?' || modifier === '*' || modifier === '+') {
    // The "/" (or ".") before an optional or repeated param belongs to it.
    const lead = state.out.endsWith('\\/') || state.out.endsWith('\\.') ? state.out.slice(-2) : ''
    state.out = state.out.slice(0, state.out.length - lead.length)
    const repeat = modifier !== '?'
    const body = !repeat ? `(${own.segment})` : repeatBody(own.segment, lead)
    state.out += `(?:${lead}${body})${modifier === '+' ? '' : '?'}`
    state.slots.push({ name, repeat })
    state.i = end + 1
  } else {
    state.out += `(${own.segment})`
    state.slots.push({ name, repeat: false })
    state.i = end
  }
}

/**
 * The capture of a repeated param. Joined by anything but "/", repeats of the default segment
 * (which itself matches "." and everything but "/") are ambiguous: "a.b.c" splits many ways,
 * and a URL that does not match makes the engine try every split, exponentially. Those repeats
 * match exactly what one greedy segment does, so that is what they compile to.
 */
function repeatBody(segment: string, lead: string): string {
  if (segment === SEGMENT && lead !== '\\/') return '([^\\/#\\?]+)'
  return `((?:${segment})(?:${lead}(?:${segment}))*)`
}

/** A param may bring its own pattern: ":id(\\d+)". Returns it (or the default segment) and where it ends. */
function readParamSegment(pattern: string, start: number): { segment: string; end: number } {
  if (pattern[start] !== '(') return { segment: SEGMENT, end: start }
  const close = closingParen(pattern, start)
  const segment = pattern.slice(start + 1, close)
  // Its groups must not capture: each param is one capture, in order.
  if (/(^|[^\\])\((?!\?)/.test(segment))
    throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', messages.capturingGroupInParamPattern(pattern, segment))
  return { segment, end: close + 1 }
}

/** Closes the open "{…}" group at `state.i`, with its optional "?", "*" or "+" quantifier. */
function closeGroup(state: BuildState): void {
  const groupStart = state.groupStart ?? 0
  const modifier = state.pattern[state.i + 1]
  const quantifier = modifier === '?' || modifier === '*' || modifier === '+' ? modifier : ''
  state.out = `${state.out.slice(0, groupStart)}(?:${state.out.slice(groupStart)})${quantifier}`
  state.groupStart = undefined
  state.i += 1 + quantifier.length
}

function compileRegExp(pattern: string, source: string): RegExp {
  try {
    return new RegExp(source, 'i')
  } catch (error) {
    // A param pattern that is not a valid regular expression (":id([)").
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      messages.invalidPathPattern(pattern, error instanceof Error ? error.message : String(error)),
    )
  }
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

export function safeDecode(value: string): string {
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
