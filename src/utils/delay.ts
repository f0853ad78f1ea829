// `mocklib/utils/delay`: MSW 3's `msw/utils/delay`.
export { delay } from '../runtime/delay'
export type { DelayMode } from '../runtime/delay'
