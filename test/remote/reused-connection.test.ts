// The app's client keeps its connections to the remote alive between requests. A remote may close
// an idle one (Node's servers do after keepAliveTimeout) just as the app sends on it: the request
// then goes again on a fresh connection instead of failing. A stand-in remote drops every second
// request on a connection, as that race does, so each reuse meets it.
import http from 'node:http'
import { setupServer } from 'mocklib/node'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { listenLocally } from '../helpers/local-origins'

const TOKEN = 'a-token-of-sixteen-chars'
const served = new WeakSet<object>()
let dropped = 0
const remote = http.createServer((request, answer) => {
  request.resume()
  if (served.has(request.socket)) {
    dropped++
    request.socket.destroy()
    return
  }
  served.add(request.socket)
  answer.writeHead(200, {
    'x-mocklib-outcome': 'mocked',
    'x-mocklib-status': '200',
    'x-mocklib-headers': JSON.stringify([['content-type', 'text/plain']]),
    'content-length': '2',
  })
  answer.end('ok')
})
const app = setupServer()

beforeAll(async () => {
  const url = await listenLocally(remote)
  app.listen({ remote: { url, token: TOKEN, fallback: 'error' }, onUnhandledRequest: 'error' })
})

afterAll(() => {
  app.close()
  remote.close()
})

it('a request that meets a connection the remote closed goes again on a fresh one', async () => {
  for (let index = 0; index < 3; index++) {
    const response = await fetch('https://api.example.test/user')
    expect(await response.text()).toBe('ok')
  }
  expect(dropped).toBe(2)
})
