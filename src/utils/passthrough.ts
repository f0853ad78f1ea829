// `mocklib/utils/passthrough`: MSW 3's `msw/utils/passthrough`. It installs the Fetch API classes
// first under Jest's jsdom environment, as src/index.ts does.
import '../runtime/fetch-globals'
export { isPassthroughResponse, passthrough } from '../runtime/passthrough'
