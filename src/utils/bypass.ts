// `mocklib/utils/bypass`: MSW 3's `msw/utils/bypass`. It installs the Fetch API classes first
// under Jest's jsdom environment, as src/index.ts does.
import '../runtime/fetch-globals'
export { bypass } from '../runtime/bypass'
export type { BypassRequestInput } from '../runtime/bypass'
