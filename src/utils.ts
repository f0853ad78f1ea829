// `mocklib/utils`: the utilities of `mocklib/utils/*` in one entry, as MSW 3's migration guide
// imports them (`import { delay, bypass, passthrough } from 'msw/utils'`).
export { delay } from './utils/delay'
export type { DelayMode } from './utils/delay'
export { bypass } from './utils/bypass'
export type { BypassRequestInput } from './utils/bypass'
export { isPassthroughResponse, passthrough } from './utils/passthrough'
export { getResponse } from './utils/get-response'
export { getCleanUrlString } from './utils/get-clean-url-string'
export { isCommonAssetRequest } from './utils/is-common-asset-request'
