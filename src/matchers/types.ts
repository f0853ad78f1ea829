import type { CallBase } from '../runtime/call-history'

/** An asymmetric matcher of vitest or Jest (`expect.any(String)`, `expect.objectContaining({...})`). */
export interface AsymmetricMatcherLike {
  asymmetricMatch(other: unknown): boolean
}

/** `T`, where a value at any depth may be an asymmetric matcher instead. */
export type Matchable<T> =
  | AsymmetricMatcherLike
  | (T extends string | number | boolean | bigint | symbol | null | undefined
      ? T
      : T extends ReadonlyArray<infer Item>
        ? ReadonlyArray<Matchable<Item>>
        : T extends object
          ? { [K in keyof T]: Matchable<T[K]> }
          : T)

/** A URL query as the matchers read it: each name's value, or its values when it is repeated. */
export type QueryRecord = Record<string, string | string[]>

/** The call type of a handler (`handler.calls`). */
type CallOf<Handler> = Handler extends { readonly calls: ReadonlyArray<infer Call> } ? Call : never

/**
 * What a `…RequestedWith()` matcher may name of a call: the keys its resolver received (`params`
 * and `cookies` of an http handler; `variables`, `operationName`, `query`... of a graphql one),
 * the URL `query` of an http handler, the request `headers` (only those named are compared) and
 * `body`.
 */
export type RequestedWithCall<Call> = {
  [K in Exclude<keyof Call, keyof CallBase | 'query'>]?: Matchable<Call[K]>
} & {
  /** A graphql handler's query document; an http handler's URL query. */
  query?: Matchable<Call extends { query: infer Document } ? Document : QueryRecord>
  /** The named headers (any case); `undefined` asserts a header is absent. */
  headers?: Record<string, Matchable<string> | undefined>
  /** The request body: parsed when its content type is JSON, else its text (a string expected: always the text). */
  body?: unknown
}

/** The expectation of a `…RequestedWith()` matcher for a received value of type `Received`. */
export type RequestedWith<Received> = 0 extends 1 & Received
  ? RequestedWithCall<Record<string, unknown>>
  : [CallOf<Received>] extends [never]
    ? never
    : RequestedWithCall<CallOf<Received>>

/**
 * The matchers `mocklib/vitest` and `mocklib/jest` add, on a handler: `R` is what the host's
 * matchers return. An expectation naming `body` reads request bodies, so it returns a promise
 * (`await expect(handler).toHaveBeenRequestedWith({ body })`).
 */
export interface HandlerMatchers<R, Received = unknown> {
  /** At least one request reached the handler's resolver. */
  toHaveBeenRequested(): R
  /** Exactly `times` requests reached the handler's resolver. */
  toHaveBeenRequestedTimes(times: number): R
  /** Some call of the handler has what `expected` names (the keys left out are not compared). */
  toHaveBeenRequestedWith(expected: RequestedWith<Received> & { body?: undefined }): R
  toHaveBeenRequestedWith(expected: RequestedWith<Received>): Promise<void>
  /** The handler's last call has what `expected` names. */
  toHaveBeenLastRequestedWith(expected: RequestedWith<Received> & { body?: undefined }): R
  toHaveBeenLastRequestedWith(expected: RequestedWith<Received>): Promise<void>
  /** The handler's `n`th call (1 is the first) has what `expected` names. */
  toHaveBeenNthRequestedWith(n: number, expected: RequestedWith<Received> & { body?: undefined }): R
  toHaveBeenNthRequestedWith(n: number, expected: RequestedWith<Received>): Promise<void>
}
