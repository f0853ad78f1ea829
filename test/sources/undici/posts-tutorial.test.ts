// SPEC 4.1's posts API through undici's own APIs (undici 7 and undici 6), answered by the
// dispatcher source: request, fetch, stream and pipeline, and a small client built on request.
import { Readable, Writable } from 'node:stream'
import { pipeline as pipelineAsync } from 'node:stream/promises'
import * as undici7 from 'undici'
import * as undici6 from 'undici6'
import { describePostsContract, headersFor, type PostsClient } from '../../helpers/posts-contract'

type Undici = typeof undici7
const base = 'https://api.posts.test'
const undiciOnly = { sources: ['undici'] } as const

/** A Writable that keeps what it is given. */
function collect(chunks: Buffer[]): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk)
      done()
    },
  })
}

function bodyOf(json: unknown): string | undefined {
  return json === undefined ? undefined : JSON.stringify(json)
}

for (const [name, undici] of [
  ['undici 7', undici7],
  ['undici 6', undici6 as unknown as Undici],
] as const) {
  describePostsContract(
    `${name} request()`,
    {
      base,
      async send(method, url, options = {}) {
        const response = await undici.request(url, { method, headers: headersFor(options), body: bodyOf(options.json) })
        return { status: response.statusCode, body: await response.body.text() }
      },
    },
    undiciOnly,
  )

  describePostsContract(
    `${name} fetch()`,
    {
      base,
      async send(method, url, options = {}) {
        const response = await undici.fetch(url, { method, headers: headersFor(options), body: bodyOf(options.json) })
        return { status: response.status, body: await response.text() }
      },
    },
    undiciOnly,
  )

  describePostsContract(
    `${name} stream()`,
    {
      base,
      async send(method, url, options = {}) {
        const chunks: Buffer[] = []
        let status = 0
        await undici.stream(
          url,
          { method, headers: headersFor(options), body: bodyOf(options.json) },
          ({ statusCode }) => {
            status = statusCode
            return collect(chunks)
          },
        )
        return { status, body: Buffer.concat(chunks).toString() }
      },
    },
    undiciOnly,
  )

  describePostsContract(
    `${name} pipeline()`,
    {
      base,
      async send(method, url, options = {}) {
        const chunks: Buffer[] = []
        let status = 0
        const duplex = undici.pipeline(url, { method, headers: headersFor(options) }, ({ statusCode, body }) => {
          status = statusCode
          return body
        })
        await pipelineAsync(
          Readable.from(options.json === undefined ? [] : [Buffer.from(JSON.stringify(options.json))]),
          duplex,
          collect(chunks),
        )
        return { status, body: Buffer.concat(chunks).toString() }
      },
    },
    undiciOnly,
  )
}

/** A small API client of the kind SDKs build on undici.request: JSON in, JSON out, errors thrown. */
class PostsSdk {
  constructor(private readonly origin: string) {}

  async call(method: 'GET' | 'POST' | 'DELETE', path: string, options: { json?: unknown; cookie?: string } = {}) {
    const { statusCode, body } = await undici7.request(`${this.origin}${path}`, {
      method,
      headers: headersFor(options),
      body: bodyOf(options.json),
    })
    return { status: statusCode, body: await body.text() }
  }
}

const sdk = new PostsSdk(base)
const sdkClient: PostsClient = {
  base,
  send: (method, url, options) => sdk.call(method, url.slice(base.length), options),
}
describePostsContract('a small SDK on undici.request', sdkClient, undiciOnly)
