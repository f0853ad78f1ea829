// GET /outcome?url=…[&client=http][&abort=first|timeout]: makes the request with fetch (or node:http)
// and answers 200 with what the client saw, as text: the status and body, or the error's class,
// message and code down its cause chain. `abort=first`: the client gives up once the first bytes
// came; `abort=timeout`: once 300 ms passed (AbortSignal.timeout()).
import http from 'node:http'

export async function outcome(req, res) {
  const url = new URL(req.url, 'http://app.local')
  const target = url.searchParams.get('url')
  const abortAfterFirst = url.searchParams.get('abort') === 'first'
  const timeout = url.searchParams.get('abort') === 'timeout' ? AbortSignal.timeout(300) : undefined
  const client = url.searchParams.get('client') === 'http' ? viaHttp : viaFetch
  const seen = await client(target, abortAfterFirst, timeout).then((text) => `answered ${text}`, describeError)
  res.writeHead(200, { 'content-type': 'text/plain' })
  res.end(seen)
}

async function viaFetch(target, abortAfterFirst, timeout) {
  const controller = new AbortController()
  const signal = timeout === undefined ? controller.signal : AbortSignal.any([controller.signal, timeout])
  const response = await fetch(target, { signal })
  const reader = response.body.getReader()
  let text = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return `${response.status} ${text}`
    text += new TextDecoder().decode(value)
    if (abortAfterFirst) controller.abort()
  }
}

function viaHttp(target, abortAfterFirst, timeout) {
  const controller = new AbortController()
  const signal = timeout === undefined ? controller.signal : AbortSignal.any([controller.signal, timeout])
  return new Promise((resolve, reject) => {
    const request = http.get(target, { signal }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk) => {
        text += chunk
        if (abortAfterFirst) controller.abort()
      })
      response.on('error', reject)
      response.on('end', () => resolve(`${response.statusCode} ${text}`))
    })
    request.on('error', reject)
  })
}

function describeError(error) {
  const parts = []
  for (let at = error; at; at = at.cause) parts.push(`${at.name}: ${at.message} (${at.code ?? '-'})`)
  return parts.join(' <- ')
}
