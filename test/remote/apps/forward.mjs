// What both test apps do with a request: make the outgoing request it names (with fetch, or with
// node:http when ?client=http), and answer with what came back, the body streamed as it arrives.
import http from 'node:http'
import https from 'node:https'
import { Readable } from 'node:stream'

export async function forward(req, res) {
  const url = new URL(req.url, 'http://app.local')
  const target = url.searchParams.get('url')
  const method = url.searchParams.get('method') ?? req.method
  const withBody = method !== 'GET' && method !== 'HEAD'
  try {
    const upstream =
      url.searchParams.get('client') === 'http'
        ? await viaHttp(target, method, req, withBody)
        : await viaFetch(target, method, req, withBody)
    res.writeHead(upstream.status, {
      'content-type': upstream.contentType ?? 'application/octet-stream',
      'x-upstream-status-text': upstream.statusText,
    })
    res.flushHeaders()
    for await (const chunk of upstream.body) res.write(chunk)
    res.end()
  } catch (error) {
    if (res.headersSent) {
      res.destroy()
      return
    }
    const cause = error?.cause
    res.writeHead(502, { 'content-type': 'application/json' })
    res.end(
      JSON.stringify({
        error: String(error?.message ?? error),
        cause: cause === undefined ? undefined : String(cause?.message ?? cause),
      }),
    )
  }
}

async function viaFetch(target, method, req, withBody) {
  const init = {
    method,
    headers: { 'content-type': req.headers['content-type'] ?? 'text/plain', accept: req.headers.accept ?? '*/*' },
  }
  if (withBody) Object.assign(init, { body: Readable.toWeb(req), duplex: 'half' })
  const response = await fetch(target, init)
  return {
    status: response.status,
    statusText: response.statusText,
    contentType: response.headers.get('content-type'),
    body: response.body ?? [],
  }
}

function viaHttp(target, method, req, withBody) {
  return new Promise((resolve, reject) => {
    const request = (target.startsWith('https:') ? https : http).request(target, {
      method,
      headers: { 'content-type': req.headers['content-type'] ?? 'text/plain' },
    })
    request.on('response', (incoming) =>
      resolve({
        status: incoming.statusCode,
        statusText: incoming.statusMessage,
        contentType: incoming.headers['content-type'],
        body: incoming,
      }),
    )
    request.on('error', reject)
    if (withBody) req.pipe(request)
    else request.end()
  })
}
