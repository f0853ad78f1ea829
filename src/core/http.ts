// `mocklib/core/http`: the names MSW's `msw/core/http` exports, for code that imports them there.
// Like src/index.ts, it first installs the Fetch API classes under Jest's jsdom environment.
import '../runtime/fetch-globals'
export { http } from '../rest/http'
export type { HttpRequestHandler } from '../rest/http'
export type { HttpResponseResolver } from '../rest/http-handler'
