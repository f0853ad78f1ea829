// The ways a benchmark request is sent. Every client reads the whole body, as an app would.
import http from 'node:http'

export function fetchText(url, init) {
  return fetch(url, init).then((response) => response.text())
}

export function httpRequestText(url, init = {}) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: init.method ?? 'GET', headers: init.headers }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk) => (text += chunk))
      response.on('end', () => resolve(text))
      response.on('error', reject)
    })
    request.on('error', reject)
    request.end(init.body)
  })
}

let axios
export async function loadAxios() {
  axios ??= (await import('axios')).default
  return axios
}

export function axiosText(url, init = {}) {
  return axios
    .request({ url, method: init.method ?? 'GET', data: init.body, headers: init.headers, responseType: 'text' })
    .then((response) => response.data)
}

let got
async function loadGot() {
  got ??= (await import('got')).default
  return got
}

export function gotText(url, init = {}) {
  return got(url, { method: init.method ?? 'GET', body: init.body, headers: init.headers, retry: { limit: 0 } }).text()
}

export const CLIENTS = { fetch: fetchText, http: httpRequestText, axios: axiosText, got: gotText }

/** Loads a client that is a package (imported once, outside the measured rounds). */
export const LOAD_CLIENT = { axios: loadAxios, got: loadGot }

/** Runs `count` calls of `send`, `inFlight` at a time. */
export async function pool(count, inFlight, send) {
  let next = 0
  const worker = async () => {
    while (next < count) {
      next++
      await send()
    }
  }
  const workers = []
  for (let index = 0; index < Math.min(inFlight, count); index++) workers.push(worker())
  await Promise.all(workers)
}
