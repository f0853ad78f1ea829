const ASSET_EXTENSION =
  /\.(?:css|scss|sass|less|js|jsx|mjs|cjs|ts|tsx|mts|map|html?|woff2?|ttf|otf|eot|png|jpe?g|gif|svg|webp|avif|ico|bmp|mp[34]|webm|ogg|wav|flac|aac|pdf|txt|csv|json|xml|md|zip|gz|tgz|rar|7z|wasm)$/i

/**
 * Requests for static files (scripts, styles, fonts, images, dev-server modules).
 * The built-in unhandled-request strategies stay quiet about these; a callback sees them all.
 */
export function isCommonAssetRequest(request: Request): boolean {
  let url: URL
  try {
    url = new URL(request.url)
  } catch {
    return false
  }
  if (url.protocol === 'file:') return true
  if (/(^|\.)fonts\.(googleapis|gstatic)\.com$/.test(url.hostname)) return true
  if (url.pathname.includes('/node_modules/') || url.pathname.includes('@vite') || url.pathname.includes('@fs/'))
    return true
  return ASSET_EXTENSION.test(url.pathname)
}
