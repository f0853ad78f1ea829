/** True in Node (including jsdom and happy-dom test environments running under Node). */
export function isNodeProcess(): boolean {
  const proc = (globalThis as { process?: { versions?: { node?: string } } }).process
  return typeof proc?.versions?.node === 'string'
}

/** The document base URL relative handler paths resolve against, if there is one. */
export function getDocumentBaseUrl(): string | undefined {
  const doc = (globalThis as { document?: { baseURI?: string } }).document
  if (typeof doc?.baseURI === 'string' && doc.baseURI !== 'about:blank') return doc.baseURI
  const loc = (globalThis as { location?: { href?: string } }).location
  return typeof loc?.href === 'string' && loc.href !== 'about:blank' ? loc.href : undefined
}
