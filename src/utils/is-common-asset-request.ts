// `mocklib/utils/is-common-asset-request`: MSW 3's `msw/utils/is-common-asset-request`.
export { isCommonAssetRequest } from '../runtime/is-common-asset'
