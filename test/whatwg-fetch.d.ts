// whatwg-fetch (the fetch polyfill jsdom set-ups install) ships no types: its Headers is the platform's shape.
declare module 'whatwg-fetch' {
  export const Headers: typeof globalThis.Headers
}
