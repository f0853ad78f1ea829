// fallback: 'passthrough': with no remote listening, the app's request goes to the network (a
// real server on loopback answers it), not to the app's own handlers as the 'local' fallback does.
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { HttpResponse, http } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, beforeAll, expect, it } from 'vitest'

let network: Server
let closedPort: number
const app = setupServer(http.get('http://127.0.0.1:*/user', () => HttpResponse.text('local')))

beforeAll(async () => {
  network = createServer((request, response) => response.end(`network: ${request.method} ${request.url}`))
  network.listen(0, '127.0.0.1')
  await once(network, 'listening')
  // A port nothing listens on: one just released.
  const released = createServer().listen(0, '127.0.0.1')
  await once(released, 'listening')
  closedPort = (released.address() as AddressInfo).port
  released.close()
  await once(released, 'close')
  app.listen({ remote: { url: `http://127.0.0.1:${closedPort}`, token: 't', fallback: 'passthrough' } })
})

afterAll(async () => {
  app.close()
  network.close()
  await once(network, 'close')
})

it('a remote that cannot be reached lets the request through to the network', async () => {
  const { port } = network.address() as AddressInfo
  const response = await fetch(`http://127.0.0.1:${port}/user?id=1`)
  expect(await response.text()).toBe('network: GET /user?id=1')
})
