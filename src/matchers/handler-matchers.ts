import type { HandlerCall } from '../runtime/call-history'
import { MocklibTypeError } from '../runtime/errors'
import { describeValue, format } from '../runtime/messages'
import { callFacts, checkExpectation, type Expectation } from './call-facts'
import { callLine, handlerLine, LISTED, listCalls, recentRequests, requestCount } from './describe-calls'
import { receivedHandler, type CalledHandler } from './received-handler'

/** What vitest and Jest both give a custom matcher as `this` (the part these matchers use). */
export interface MatcherContext {
  readonly isNot?: boolean
  readonly promise?: string
  readonly customTesters?: readonly unknown[]
  equals(a: unknown, b: unknown, customTesters?: readonly unknown[]): boolean
  readonly utils: {
    matcherHint(
      name: string,
      received?: string,
      expected?: string,
      options?: { isNot?: boolean; promise?: string; secondArgument?: string },
    ): string
    printExpected(value: unknown): string
    printReceived(value: unknown): string
    diff(expected: unknown, received: unknown): string | null | undefined
  }
}

export interface MatcherResult {
  pass: boolean
  message: () => string
}

type MaybeAsyncResult = MatcherResult | Promise<MatcherResult>

type Which = { kind: 'any' } | { kind: 'last' } | { kind: 'nth'; n: number }

function hint(ctx: MatcherContext, name: string, expected: string, secondArgument?: string): string {
  return ctx.utils.matcherHint(name, 'handler', expected, { isNot: ctx.isNot, promise: ctx.promise, secondArgument })
}

function wholeNumber(value: unknown, min: number, matcher: string, what: string): number {
  if (typeof value === 'number' && Number.isInteger(value) && value >= min) return value
  throw new MocklibTypeError(
    'MOCKLIB_INVALID_ARGUMENT',
    format(`${matcher}() takes ${what} as a whole number from ${min}, got ${describeValue(value)}.`),
  )
}

function toHaveBeenRequested(this: MatcherContext, received: unknown): MatcherResult {
  const name = 'toHaveBeenRequested'
  const handler = receivedHandler(received, name)
  const calls = handler.calls
  const pass = calls.length > 0
  const message = (): string =>
    [
      hint(this, name, ''),
      '',
      handlerLine(handler),
      pass
        ? `Expected: no request\nReceived: ${requestCount(calls.length)}\n${listCalls(calls)}`
        : `Expected: a request\nReceived: none reached it\n\n${recentRequests(handler)}`,
    ].join('\n')
  return { pass, message }
}

function toHaveBeenRequestedTimes(this: MatcherContext, received: unknown, times: unknown): MatcherResult {
  const name = 'toHaveBeenRequestedTimes'
  const handler = receivedHandler(received, name)
  const expected = wholeNumber(times, 0, name, 'the number of requests')
  const calls = handler.calls
  const message = (): string =>
    [
      hint(this, name, 'times'),
      '',
      handlerLine(handler),
      `Expected: ${this.isNot === true ? 'not ' : ''}${requestCount(expected)}`,
      `Received: ${requestCount(calls.length)}`,
      calls.length > 0 ? listCalls(calls) : `\n${recentRequests(handler)}`,
    ].join('\n')
  return { pass: calls.length === expected, message }
}

/**
 * The three `…RequestedWith()` matchers: the calls `which` picks, each read for the keys the
 * expectation names (callFacts), compared with the host's `equals` (asymmetric matchers and
 * custom testers work). An expectation naming a body reads bodies, so the result is a promise.
 */
function requestedWith(
  ctx: MatcherContext,
  name: string,
  received: unknown,
  which: Which,
  expected: unknown,
): MaybeAsyncResult {
  const handler = receivedHandler(received, name)
  const calls = handler.calls
  const expectation = checkExpectation(expected, name, calls)
  const picked = pick(calls, which)
  const facts = picked.map((index) => callFacts(calls[index], expectation))
  const verdict = (read: readonly Expectation[]): MatcherResult =>
    judge(ctx, { name, handler, calls, which, expectation, picked, read })
  if (expectation.body !== undefined) return Promise.all(facts).then(verdict)
  return verdict(facts as Expectation[])
}

function pick(calls: readonly HandlerCall[], which: Which): number[] {
  if (which.kind === 'any') return calls.map((_, index) => index)
  const index = which.kind === 'last' ? calls.length - 1 : which.n - 1
  return index >= 0 && index < calls.length ? [index] : []
}

interface Judged {
  name: string
  handler: CalledHandler
  calls: readonly HandlerCall[]
  which: Which
  expectation: Expectation
  /** The indexes of the calls compared, and what each has of the expectation's keys. */
  picked: readonly number[]
  read: readonly Expectation[]
}

function judge(ctx: MatcherContext, judged: Judged): MatcherResult {
  const { read, expectation } = judged
  const matched = read.findIndex((facts) => ctx.equals(facts, expectation, ctx.customTesters))
  return { pass: matched !== -1, message: () => withMessage(ctx, judged, matched) }
}

function withMessage(ctx: MatcherContext, judged: Judged, matched: number): string {
  const { name, handler, calls, which, expectation, picked, read } = judged
  const head = [
    which.kind === 'nth' ? hint(ctx, name, 'n', 'expected') : hint(ctx, name, 'expected'),
    '',
    handlerLine(handler),
    `Expected: ${expectedWhat(ctx, which)}`,
    indent(ctx.utils.printExpected(expectation)),
  ]
  if (matched !== -1) {
    const index = picked[matched]
    const facts = ctx.utils.printReceived(read[matched])
    return [...head, `Received: ${callLine(calls[index], index, calls.length)}, with`, indent(facts)].join('\n')
  }
  if (calls.length === 0) return [...head, 'Received: none reached it', '', recentRequests(handler)].join('\n')
  if (picked.length === 0) return [...head, `Received: ${requestCount(calls.length)}`, listCalls(calls)].join('\n')
  const from = Math.max(0, picked.length - LISTED)
  const diffs = picked.slice(from).map((index, offset) => {
    const diff = ctx.utils.diff(expectation, read[from + offset]) ?? ctx.utils.printReceived(read[from + offset])
    return `${callLine(calls[index], index, calls.length)}\n${diff}`
  })
  const skipped = from > 0 ? [`(${requestCount(from)} before these not shown)`] : []
  return [...head, `Received: ${requestCount(calls.length)}, none with it:`, ...skipped, '', diffs.join('\n\n')].join(
    '\n',
  )
}

const indent = (text: string): string => text.replace(/^/gm, '  ')

/** "a request with", "no request with", "the last request without", "request 2 with"... */
function expectedWhat(ctx: MatcherContext, which: Which): string {
  const not = ctx.isNot === true
  if (which.kind === 'any') return not ? 'no request with' : 'a request with'
  return `${which.kind === 'last' ? 'the last request' : `request ${which.n}`} ${not ? 'without' : 'with'}`
}

function toHaveBeenRequestedWith(this: MatcherContext, received: unknown, expected: unknown): MaybeAsyncResult {
  return requestedWith(this, 'toHaveBeenRequestedWith', received, { kind: 'any' }, expected)
}

function toHaveBeenLastRequestedWith(this: MatcherContext, received: unknown, expected: unknown): MaybeAsyncResult {
  return requestedWith(this, 'toHaveBeenLastRequestedWith', received, { kind: 'last' }, expected)
}

function toHaveBeenNthRequestedWith(
  this: MatcherContext,
  received: unknown,
  n: unknown,
  expected: unknown,
): MaybeAsyncResult {
  const name = 'toHaveBeenNthRequestedWith'
  return requestedWith(this, name, received, { kind: 'nth', n: wholeNumber(n, 1, name, 'n') }, expected)
}

/** The matchers both entries register: one implementation for vitest and Jest. */
export const handlerMatchers: Record<string, (this: MatcherContext, received: unknown, ...args: never[]) => unknown> = {
  toHaveBeenRequested,
  toHaveBeenRequestedTimes,
  toHaveBeenRequestedWith,
  toHaveBeenLastRequestedWith,
  toHaveBeenNthRequestedWith,
}
