// `mocklib/utils/get-response`: MSW 3's `msw/utils/get-response`. It installs the Fetch API
// classes first under Jest's jsdom environment, as src/index.ts does.
import '../runtime/fetch-globals'
export { getResponse } from '../runtime/get-response'
export type { ResolutionContext } from '../runtime/get-response'
