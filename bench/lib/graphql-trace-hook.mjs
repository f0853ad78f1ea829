// A module resolution hook that reports every module of the `graphql` package that loads.
let port
export function initialize(data) {
  port = data.port
}
export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context)
  if (/[\\/]node_modules[\\/]graphql[\\/]/.test(result.url)) port.postMessage(result.url)
  return result
}
