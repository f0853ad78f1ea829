// A module resolution hook that reports every module that loads whose URL matches `pattern` (a
// RegExp source; default: the `graphql` package's modules).
let port
let pattern = /[\\/]node_modules[\\/]graphql[\\/]/
export function initialize(data) {
  port = data.port
  if (data.pattern !== undefined) pattern = new RegExp(data.pattern)
}
export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context)
  if (pattern.test(result.url)) port.postMessage(result.url)
  return result
}
