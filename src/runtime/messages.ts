import type { RequestHead } from './request-draft'

/**
 * Every message mocklib prints or throws, in one place, so wording stays consistent:
 * each names the handler or request, says what went wrong and what to change.
 */
export const PREFIX = '[mocklib]'

export function format(message: string): string {
  return `${PREFIX} ${message}`
}

/**
 * "GET https://api.test/x" or "GET /x" for a same-origin request in a page;
 * "WebSocket wss://chat.test/x" for a WebSocket handshake.
 */
export function describeRequest(request: RequestHead): string {
  const kind = request.headers.get('upgrade')?.toLowerCase() === 'websocket' ? 'WebSocket' : request.method
  return `${kind} ${publicUrl(request.url)}`
}

export function publicUrl(url: string): string {
  const loc = (globalThis as { location?: { origin?: string } }).location
  if (typeof loc?.origin === 'string' && loc.origin !== 'null') {
    try {
      const parsed = new URL(url)
      if (parsed.origin === loc.origin) return parsed.pathname + parsed.search
    } catch {
      // Not a URL we can shorten: print it as it is.
    }
  }
  return url
}

/** " declared at file:line:col" for a handler whose creation site is known, else "". */
export function declaredAt(info: { readonly callFrame: string | undefined }): string {
  return info.callFrame === undefined ? '' : ` declared at ${info.callFrame}`
}

export const messages = {
  alreadyListening(): string {
    return format(
      'server.listen() was called while the server is already listening. Call it once (for example in a global setup file), or call server.close() first.',
    )
  },
  spreadHandlers(api: string): string {
    return format(`${api} received an array of handlers. Spread it instead: ${api.replace('()', '(...handlers)')}.`)
  },
  notAHandler(api: string, value: unknown, index: number): string {
    return format(
      `${api} received ${describeValue(value)} as handler #${index + 1}, which is not a request handler. ` +
        'Pass handlers created by http.get(), graphql.query() and the like' +
        // A test hook given the method itself (afterEach(server.resetHandlers)) passes its own arguments.
        (index === 0 && api.endsWith('.resetHandlers()')
          ? `; a test hook given it directly passes its own arguments: write afterEach(() => ${api}).`
          : '.'),
    )
  },
  unknownStrategy(strategy: unknown): string {
    return format(
      `Unknown onUnhandledRequest strategy ${JSON.stringify(strategy)}. ` +
        "Use 'warn', 'error', 'bypass' or a function (request, print) => void.",
    )
  },
  bypassBodyUsed(request: Request): string {
    return format(
      `Cannot bypass ${describeRequest(request)}: its body has already been read. ` +
        'Call bypass(request) before reading the body, or pass request.clone().',
    )
  },
  finalizeNeedsFunction(header: string, value: unknown): string {
    return format(
      `The resolver of "${header}" called finalize() with ${describeValue(value)}. Pass a cleanup function: finalize(() => clearInterval(timer)).`,
    )
  },
  cleanupFailed(header: string): string {
    return format(
      `A cleanup registered with finalize() in the resolver of "${header}" threw. The request was answered; the errors follow.`,
    )
  },
  unclosedPathGroup(path: string, index: number): string {
    return format(
      `The handler path "${path}" has a "(" at ${index} that is never closed. Close it, or escape it as "\\(".`,
    )
  },
  invalidHandlerUrl(path: string): string {
    return format(
      `The handler path "${path}" is not a valid URL, so no request could ever match it. ` +
        "Check its scheme and host (no spaces, closed IPv6 brackets), or use a path such as '/posts/:id'.",
    )
  },
  invalidStatus(status: unknown): string {
    return format(
      `A response status must be a whole number from 100 to 999, got ${String(status)}. ` +
        'Use HttpResponse.error() for a network error.',
    )
  },
  invalidPathPattern(path: string, reason: string): string {
    return format(
      `The handler path "${path}" is not a valid pattern (${reason}). Check the parentheses of its param patterns, or escape them as "\\(".`,
    )
  },
  capturingGroupInParamPattern(path: string, pattern: string): string {
    return format(
      `The handler path "${path}" gives a param the pattern "(${pattern})", which has a capturing group inside. Use a non-capturing group "(?:…)" there.`,
    )
  },
  queryInHandlerPath(method: string, path: string, query: string): string {
    return format(
      `The handler for "${method} ${path}${query}" has a query string in its path. Query parameters never take part in matching, ` +
        `so it was removed and the handler matches "${path}". Read them in the resolver with new URL(request.url).searchParams.`,
    )
  },
  resolverException(header: string, request: Request): string {
    return format(
      `The handler "${header}" threw while handling ${describeRequest(request)} (in its resolver or predicate). ` +
        'mocklib answered 500 with the error as JSON. Fix the handler, or throw a Response to answer with it on purpose.',
    )
  },
  /** One of mocklib's verdicts (see isMocklibVerdict): its own message, once, and what became of the request. */
  verdictInHandler(error: Error & { code: string }): string {
    return `${error.message}\n${PREFIX} mocklib answered 500 with this error as JSON (${error.name}, ${error.code}).`
  },
  unhandledCallbackException(request: Request): string {
    return format(
      `The onUnhandledRequest callback threw while handling ${describeRequest(request)}. ` +
        'mocklib answered 500 with the error as JSON and did not send the request. Return normally to let it through.',
    )
  },
  responseBodyUsed(header: string): string {
    return format(
      `The resolver of "${header}" returned a Response whose body has already been read or locked. ` +
        'A Response can answer one request: create it inside the resolver, or return response.clone().',
    )
  },
  notAResponse(header: string, value: unknown): string {
    return format(
      `The resolver of "${header}" returned ${describeValue(value)}, which is not a Response. ` +
        'Return HttpResponse.json(...), new HttpResponse(...), passthrough(), or nothing to fall through.',
    )
  },
} as const

export function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (value === undefined) return 'undefined'
  if (typeof value === 'symbol') return `the symbol ${String(value)}`
  if (Array.isArray(value)) return `an array (length ${value.length})`
  if (typeof value === 'object') {
    const name = (value as object).constructor?.name
    return name && name !== 'Object' ? `a ${name} instance` : 'a plain object'
  }
  if (typeof value === 'function') return 'a function'
  return `${typeof value} ${JSON.stringify(value)}`
}

/** What was thrown, as message text: an Error's message, anything else as a string. */
export function errorText(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause)
}

let warnedOnce: Set<string> | undefined
/** Prints a warning once per process for a given key. */
export function warnOnce(key: string, message: string): void {
  warnedOnce ??= new Set()
  if (warnedOnce.has(key)) return
  warnedOnce.add(key)
  console.warn(message)
}
