import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ApolloClient, gql, HttpLink, InMemoryCache } from '@apollo/client'
import axios from 'axios'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setupServer } from 'mocklib/node'
import { createRecorder, fromHar, type Har } from 'mocklib/record'
import { startLiveApi, type LiveApi } from './live-api'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

const LIST_POSTS = gql`
  query ListPosts {
    posts {
      id
      title
    }
  }
`
const CREATE_POST = gql`
  mutation CreatePost($post: PostInput!) {
    createPost(post: $post) {
      id
      title
    }
  }
`

/** Everything a client can observe of an answer: status, the headers that are not per-connection, the bytes. */
async function observe(response: Response) {
  const headers = [...response.headers].filter(
    ([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(name),
  )
  return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()).toString('base64') }
}

/** One pass of the app's traffic, through fetch, axios and Apollo Client. */
async function traffic(api: LiveApi) {
  const apollo = new ApolloClient({ link: new HttpLink({ uri: api.graphqlUrl }), cache: new InMemoryCache() })
  const posts = await observe(await fetch(`${api.origin}/posts?b=2&a=1`))
  const first = await observe(await fetch(`${api.origin}/counter`))
  const second = await observe(await fetch(`${api.origin}/counter`))
  const image = await observe(await fetch(`${api.origin}/image.bin`))
  const viaAxios = await axios.post(`${api.origin}/login`, { user: 'ada' }, { responseType: 'arraybuffer' })
  const listed = await apollo.query({ query: LIST_POSTS })
  const created = await apollo.mutate({ mutation: CREATE_POST, variables: { post: { id: '3', title: 'Recorded' } } })
  return {
    posts,
    counter: [first, second],
    image,
    axios: {
      status: viaAxios.status,
      body: Buffer.from(viaAxios.data as ArrayBuffer).toString('base64'),
      cookies: viaAxios.headers['set-cookie'],
    },
    apollo: { listed: listed.data, created: created.data },
  }
}

describe('record against a real server, replay with it stopped', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mocklib-record-'))
  const file = join(dir, 'app.har')
  let recorded: Awaited<ReturnType<typeof traffic>>
  let api: LiveApi

  it('records fetch, axios and Apollo Client traffic into a HAR file', async () => {
    api = await startLiveApi()
    const recorder = createRecorder({ file, mode: 'record' })
    server.resetHandlers(recorder.handler)
    recorded = await traffic(api)
    await recorder.save()
    await api.close()

    expect(recorded.counter[0].body).not.toBe(recorded.counter[1].body)
    const har = JSON.parse(readFileSync(file, 'utf8')) as Har
    expect(har.log.version).toBe('1.2')
    expect(har.log.entries).toHaveLength(7)
    // Stable: no changing timestamps, no volatile headers.
    expect(new Set(har.log.entries.map((entry) => entry.startedDateTime))).toEqual(
      new Set(['1970-01-01T00:00:00.000Z']),
    )
    expect(readFileSync(file, 'utf8')).not.toMatch(/x-request-id|"date"/)
  })

  it('replays the same answers byte for byte, in order for repeated requests (lockdown)', async () => {
    const recorder = createRecorder({ file, mode: 'lockdown' })
    server.resetHandlers(recorder.handler)
    const replayed = await traffic(api)
    // Secrets were redacted in the file, so the cookie differs; everything else is the same.
    expect(replayed.axios.cookies).toEqual(['session=REDACTED; Path=/; HttpOnly', 'theme=REDACTED; Path=/'])
    expect({ ...replayed, axios: { ...replayed.axios, cookies: undefined } }).toEqual({
      ...recorded,
      axios: { ...recorded.axios, cookies: undefined },
    })
    await recorder.save()
  })

  it('round-trips through fromHar(): record -> file -> handlers -> the same answers', async () => {
    const har = JSON.parse(readFileSync(file, 'utf8')) as Har
    server.resetHandlers(...fromHar(har))
    const replayed = await traffic(api)
    expect(replayed.posts).toEqual(recorded.posts)
    expect(replayed.counter).toEqual(recorded.counter)
    expect(replayed.image).toEqual(recorded.image)
    expect(replayed.apollo).toEqual(recorded.apollo)
  })
})
