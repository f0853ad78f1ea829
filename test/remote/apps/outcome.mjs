// GET /outcome?url=…[&client=http][&abort=first]: makes the request with fetch (or node:http) and
// answers 200 with what the client saw, as text: the status and body, or the error's class,
// message and code down its cause chain. `abort=first`: the client gives up once the first bytes came.
import http from 'node:http'

export async function outcome(req, res) {
  const url = new URL(req.url, 'http://app.local')
  const target = url.searchParams.get('url')
  const abortAfterFirst = url.searchParams.get('abort') === 'first'
  const client = url.searchParams.get('client') === 'http' ? viaHttp : viaFetch
  const seen = await client(target, abortAfterFirst).then((text) => `answered ${text}`, describeError)
  res.writeHead(200, { 'content-type': 'text/plain' })
  res.end(seen)
}

async function viaFetch(target, abortAfterFirst) {
  const controller = new AbortController()
  const response = await fetch(target, { signal: controller.signal })
  const reader = response.body.getReader()
  let text = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return `${response.status} ${text}`
    text += new TextDecoder().decode(value)
    if (abortAfterFirst) controller.abort()
  }
}

function viaHttp(target, abortAfterFirst) {
  const controller = new AbortController()
  return new Promise((resolve, reject) => {
    const request = http.get(target, { signal: controller.signal }, (response) => {
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
