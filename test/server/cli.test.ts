import { execFile } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { assertBuilt, root, runCli, startCli } from './serve-cli'
import { receiveTwoPosts, TWO_POSTS, type PublishPost } from './two-posts'

const run = promisify(execFile)
const dir = `${root}test-artifacts/serve-cli-${process.pid}`

beforeAll(() => {
  assertBuilt()
  mkdirSync(dir, { recursive: true })
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('mocklib serve', () => {
  it('serves a TypeScript module with its imports; --watch reloads edits, keeps open WebSockets, and keeps the last good handlers on a syntax error', async () => {
    writeFileSync(`${dir}/greeting.ts`, "export const greeting: string = 'hi'\n")
    writeFileSync(
      `${dir}/handlers.ts`,
      [
        "import { http, HttpResponse, ws } from 'mocklib'",
        "import { greeting } from './greeting.ts'",
        "const echo = ws.link('/echo').addEventListener('connection', ({ client }) => {",
        "  client.addEventListener('message', (event) => client.send(`${greeting}:${String(event.data)}`))",
        '})',
        "export default [http.get('/hello', () => HttpResponse.json({ greeting })), echo]",
        "export const quiet = [http.get('/hello', () => new HttpResponse(null, { status: 204 }))]",
      ].join('\n'),
    )
    const cli = await startCli([`test-artifacts/serve-cli-${process.pid}/handlers.ts`, '--watch'])
    try {
      expect(cli.stdout()).toMatch(/\(2 handlers; scenarios: quiet\)/)
      expect((await run('curl', ['-s', `${cli.url}/hello`])).stdout).toBe('{"greeting":"hi"}')
      await cli.waitFor(/GET \/hello → 200 by GET \/hello \(/)
      // A WebSocket opened before the edits: reloading must not drop it.
      const socket = new WebSocket(`${cli.url.replace('http', 'ws')}/echo`)
      await once(socket, 'open')
      const echo = async (text: string) => {
        socket.send(text)
        return String((await once(socket, 'message'))[0])
      }
      expect(await echo('one')).toBe('hi:one')

      writeFileSync(`${dir}/greeting.ts`, "export const greeting: string = 'hello again'\n")
      await cli.waitFor(/reloaded .*handlers\.ts \(2 handlers\)/)
      expect((await run('curl', ['-s', `${cli.url}/hello`])).stdout).toBe('{"greeting":"hello again"}')

      writeFileSync(`${dir}/greeting.ts`, 'export const greeting: string = \n')
      await cli.waitFor(/failed to reload; the last good handlers stay:[\s\S]*greeting\.ts/, 'stderr')
      expect((await run('curl', ['-s', `${cli.url}/hello`])).stdout).toBe('{"greeting":"hello again"}')
      // The connection is still open, served by the handlers it connected to.
      expect(await echo('two')).toBe('hi:two')
      socket.close()
    } finally {
      expect(await cli.stop()).toBe(0)
    }
  })

  it('--https makes a self-signed certificate curl can trust; --cors answers preflights', async () => {
    writeFileSync(
      `${dir}/secure.mjs`,
      "import { http, HttpResponse } from 'mocklib'\nexport default [http.post('/api', () => HttpResponse.json({ secure: true }))]\n",
    )
    const cli = await startCli([`test-artifacts/serve-cli-${process.pid}/secure.mjs`, '--https', '--cors'])
    try {
      expect(cli.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
      const cert = /certificate: +(\S+)/.exec(cli.stdout())![1]
      const answer = await run('curl', ['-s', '--cacert', cert, '-X', 'POST', `${cli.url}/api`])
      expect(answer.stdout).toBe('{"secure":true}')
      const preflight = await run('curl', [
        '-s',
        '-i',
        '--cacert',
        cert,
        '-X',
        'OPTIONS',
        '-H',
        'origin: http://app.test',
        '-H',
        'access-control-request-method: POST',
        `${cli.url}/api`,
      ])
      expect(preflight.stdout).toMatch(/^HTTP\/1\.1 204/)
      expect(preflight.stdout).toMatch(/access-control-allow-origin: http:\/\/app\.test/i)
      expect(preflight.stdout).toMatch(/access-control-allow-methods: POST/i)
    } finally {
      expect(await cli.stop()).toBe(0)
    }
  })

  it('--https with --cert and --key serves the pair given, which curl trusts for its name', async () => {
    const [key, cert] = [`${dir}/given.key`, `${dir}/given.crt`]
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ])
    writeFileSync(
      `${dir}/given.mjs`,
      "import { http, HttpResponse } from 'mocklib'\nexport default [http.get('/api', () => HttpResponse.json({ given: true }))]\n",
    )
    const cli = await startCli([
      `test-artifacts/serve-cli-${process.pid}/given.mjs`,
      '--https',
      '--cert',
      cert,
      '--key',
      key,
    ])
    try {
      expect(cli.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
      expect((await run('curl', ['-s', '--cacert', cert, `${cli.url}/api`])).stdout).toBe('{"given":true}')
    } finally {
      expect(await cli.stop()).toBe(0)
    }
  })

  it('--host beyond loopback asks for the token on every control route and refuses --no-token', async () => {
    writeFileSync(
      `${dir}/open.mjs`,
      "import { http, HttpResponse } from 'mocklib'\nexport default [http.get('/api', () => HttpResponse.text('ok'))]\n",
    )
    const module = `test-artifacts/serve-cli-${process.pid}/open.mjs`
    const refused = await runCli(['serve', module, '--port', '0', '--host', '0.0.0.0', '--no-token'])
    expect(refused.code).not.toBe(0)
    expect(refused.stderr).toMatch(/only allowed on a loopback host/)
    const cli = await startCli([module, '--host', '0.0.0.0'])
    try {
      const local = cli.url.replace('0.0.0.0', '127.0.0.1')
      expect((await run('curl', ['-s', `${local}/api`])).stdout).toBe('ok')
      const status = async (...args: string[]) =>
        (await run('curl', ['-s', '-o', '/dev/null', '-w', '%{http_code}', ...args, `${local}/__mocklib/requests`]))
          .stdout
      expect(await status()).toBe('401')
      const token = /#token=(\S+)/.exec(cli.stdout())![1]
      expect(await status('-H', `authorization: Bearer ${token}`)).toBe('200')
    } finally {
      expect(await cli.stop()).toBe(0)
    }
  })

  it('prints --help and exits 0', async () => {
    const { code, stdout } = await runCli(['serve', '--help'])
    expect(code).toBe(0)
    for (const option of [
      '--port',
      '--host',
      '--https',
      '--cors',
      '--watch',
      '--schema',
      '--har',
      '--upstream',
      '--record',
    ]) {
      expect(stdout).toContain(option)
    }
  })

  it('refuses bad input with a clear message and a non-zero exit', async () => {
    writeFileSync(`${dir}/nothing.mjs`, 'export const answer = 42\n')
    const nothing = await runCli(['serve', `test-artifacts/serve-cli-${process.pid}/nothing.mjs`])
    expect(nothing.code).toBe(2)
    expect(nothing.stderr).toMatch(/nothing\.mjs exports no handlers\. Export them as "export default \[http\.get/)

    const missing = await runCli(['serve', 'no/such/module.ts'])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toMatch(/There is no file .*no\/such\/module\.ts/)

    const flag = await runCli(['serve', '--prot', '1'])
    expect(flag.code).toBe(2)
    expect(flag.stderr).toMatch(/Unknown option '--prot'[\s\S]*mocklib serve --help/)

    const busy = createServer()
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve))
    const port = (busy.address() as { port: number }).port
    writeFileSync(
      `${dir}/one.mjs`,
      "import { http } from 'mocklib'\nexport default [http.get('/', () => new Response('x'))]\n",
    )
    const inUse = await runCli(['serve', `test-artifacts/serve-cli-${process.pid}/one.mjs`, '--port', String(port)])
    busy.close()
    expect(inUse.code).toBe(1)
    expect(inUse.stderr).toContain(`Port ${port} on 127.0.0.1 is in use`)

    const module = `test-artifacts/serve-cli-${process.pid}/one.mjs`
    const badJson = await runCli(['serve', module, '--network', '{download'])
    expect(badJson.code).toBe(2)
    expect(badJson.stderr).toMatch(/--network \{download is not valid JSON/)
    const badLink = await runCli(['serve', module, '--port', '0', '--network', 'slow-2g'])
    expect(badLink.code).toBe(1)
    expect(badLink.stderr).toMatch(/^\[mocklib\] mockServer\.listen\(\{ network: "slow-2g" \}\): give \{ download/)
  })
})

describe('mocklib serve without a module', () => {
  it('--schema answers Apollo Client at /graphql from the SDL', async () => {
    const { ApolloClient, gql, HttpLink, InMemoryCache } = await import('@apollo/client')
    const cli = await startCli(['--schema', 'schema/posts.graphql'])
    try {
      const apollo = new ApolloClient({ link: new HttpLink({ uri: `${cli.url}/graphql` }), cache: new InMemoryCache() })
      // Without resolvers the schema executor makes values of the right types.
      const { data } = await apollo.query<{ posts: Array<{ __typename: string; id: string; title: string }> }>({
        query: gql`query ListPosts { posts { id title } }`,
      })
      expect(data!.posts.length).toBeGreaterThan(0)
      for (const post of data!.posts)
        expect(post).toEqual({ __typename: 'Post', id: expect.any(String), title: expect.any(String) })
      const wrong = await fetch(`${cli.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ posts { nope } }' }),
      })
      expect((await wrong.json()).errors[0].message).toMatch(/Cannot query field "nope" on type "Post"/)
    } finally {
      expect(await cli.stop()).toBe(0)
    }
  })

  it('--schema serves subscriptions to graphql-ws, graphql-sse and an EventSource; POST /__mocklib/publish feeds them', async () => {
    const { createClient: wsClient } = await import('graphql-ws')
    const { createClient: sseClient } = await import('graphql-sse')
    const { EventSource } = await import('eventsource')
    const { default: WebSocket } = await import('ws')
    const { ControlClient } = await import('mocklib/node')
    writeFileSync(
      `${dir}/feed.graphql`,
      'type Post { id: ID!, title: String! }\ntype Query { posts: [Post!]! }\ntype Subscription { postAdded: Post! }\n',
    )
    const cli = await startCli(['--schema', `${dir}/feed.graphql`])
    try {
      const control = new ControlClient({ url: cli.url, token: cli.token })
      const publish: PublishPost = (post, first) => control.publish('postAdded', post, { subscribers: first ? 1 : 0 })

      const overWebSocket = wsClient({ url: `${cli.url.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket })
      expect(await receiveTwoPosts(overWebSocket, publish)).toEqual(TWO_POSTS)
      await overWebSocket.dispose()

      const overSse = sseClient({ url: `${cli.url}/graphql`, retryAttempts: 0 })
      expect(await receiveTwoPosts(overSse, publish)).toEqual(TWO_POSTS)
      overSse.dispose()

      // GraphQL over SSE's distinct-connections mode is a GET an EventSource can make.
      const query = encodeURIComponent('subscription { postAdded { title } }')
      const source = new EventSource(`${cli.url}/graphql?query=${query}`)
      const next = new Promise<string>((resolve, reject) => {
        source.addEventListener('next', (event) => resolve(event.data))
        source.onerror = (event) => reject(new Error(`EventSource failed: ${event.message}`))
      })
      expect(await control.publish('postAdded', { title: 'Third' }, { subscribers: 1 })).toEqual({ delivered: 1 })
      expect(JSON.parse(await next)).toEqual({ data: { postAdded: { title: 'Third' } } })
      source.close()

      const unknown = await control.publish('postRemoved', {}).catch((error: Error) => error.message)
      expect(unknown).toMatch(/the Subscription type has no such field\. Its fields: postAdded/)
    } finally {
      expect(await cli.stop()).toBe(0)
    }
  })

  it('--upstream proxies and --record records it; --har replays the recording with the upstream gone', async () => {
    const { createServer: createHttpServer } = await import('node:http')
    let calls = 0
    const upstream = createHttpServer((request, response) => {
      calls++
      response.writeHead(200, { 'content-type': 'application/json', 'x-upstream': 'yes' })
      response.end(JSON.stringify({ path: request.url, calls }))
    })
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
    const origin = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`
    const har = `test-artifacts/serve-cli-${process.pid}/upstream.har`

    const recording = await startCli(['--upstream', origin, '--record', har])
    const first = await run('curl', ['-s', '-i', `${recording.url}/api/items?page=2`])
    expect(first.stdout).toMatch(/x-upstream: yes/i)
    expect(first.stdout).toContain('{"path":"/api/items?page=2","calls":1}')
    expect(await recording.stop()).toBe(0)
    expect(recording.stdout()).toContain(`recorded into ${har}`)
    upstream.close()

    const replay = await startCli(['--har', har])
    try {
      const again = await run('curl', ['-s', `${replay.url}/api/items?page=2`])
      expect(again.stdout).toBe('{"path":"/api/items?page=2","calls":1}')
      expect(calls).toBe(1)
    } finally {
      expect(await replay.stop()).toBe(0)
    }
  })
})
