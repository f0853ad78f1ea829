/**
 * The Node fast paths: the one way in to the code that makes a mocked request or response cost
 * less on Node by working under the Fetch API classes (undici's) instead of through them.
 *
 * The contract:
 * - Each path is taken only where the classes are Node's own: `isNodeResponseClass()` for kept
 *   bodies (decided once, for the `Response` HttpResponse extends), `hasNodeFetch()` for the lean
 *   fetch source, undici's reachable state for lazy request bodies. Anywhere else (a browser,
 *   jsdom or happy-dom globals, a polyfill, another realm) every function here answers with the
 *   platform's own behaviour: nothing is kept, `takeBody()` returns undefined, the adapters hand
 *   the response back unchanged, and callers read `response.body` as usual.
 * - A mocked response's body is read outside this module only through `hasResponseBody()`,
 *   `isBodyTaken()`, `takeBody()`, `peekBodyText()` and `discardBody()`: reading `response.body`
 *   makes the web stream a kept body exists to avoid (and then holds the body from there on).
 * - Every way of reading agrees with the platform's `Response` (test/runtime/kept-body.test.ts),
 *   and the environment matrix (test/environments/) runs each body kind with the paths on and off.
 */
export { hasNodeFetch, isNodeResponseClass } from './node-fetch-classes'
export {
  discardBody,
  hasResponseBody,
  installKeptBody,
  isBodyTaken,
  isKeepable,
  isKeptWhole,
  keepBody,
  peekBodyText,
  takeBody,
} from './kept-body'
export { requestWithLazyBody } from './lazy-request-body'
export { platformRequest, platformState } from './undici-state'
export { withOneChunkBody } from './one-chunk-body'
export { withWholeBody } from './whole-body-response'
