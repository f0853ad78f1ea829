// cleanUrl() (MSW 3: getCleanUrlString()), in a file of its own: mocklib/utils/get-clean-url-string
// loads it without the path matcher.

/**
 * A URL or path without its query string and hash. A path ending in `?` is returned as it is:
 * that `?` marks an optional parameter (`/user/:id?`), not a query.
 */
export function cleanUrl(path: string): string {
  return path.endsWith('?') ? path : path.replace(/[?#].*$/s, '')
}

/** MSW 3's name for `cleanUrl()`. */
export const getCleanUrlString: (url: string) => string = cleanUrl
