// `mocklib/utils/get-clean-url-string`: MSW 3's `msw/utils/get-clean-url-string`.
export { getCleanUrlString } from '../rest/clean-url'
