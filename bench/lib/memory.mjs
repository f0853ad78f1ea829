// Retained heap: run with --expose-gc. Warms up, settles (event loop turns, full GCs), reads the
// heap, does `count` units of work, settles again and reads the heap. Prints one JSON line.
// Kinds of work: a client of clients.mjs (fetch, http), listen-close, ws-open-close (a WebSocket
// opened, one echo, closed: echo-socket.mjs; mocklib and msw only), graphql-ws-events (one
// subscription event published and received: subscription-socket.mjs; mocklib only), and
// graphql-sse-events / graphql-multipart-events (the same over the HTTP transports:
// subscription-http.mjs; mocklib only).
import { CLIENTS } from './clients.mjs'
import { loadContender } from './contenders.mjs'
import { echoSocketHandler, openExchangeClose, pingPong } from './echo-socket.mjs'
import { JSON_HEADERS, ORIGIN, POST, POST_TEXT } from './fixtures.mjs'
import { benchHttpSubscriptionHandler, openHttpSubscribers } from './subscription-http.mjs'
import { benchSubscriptionHandler, openSubscribers } from './subscription-socket.mjs'

const [contender, dist, kind, countArg] = process.argv.slice(2)
const count = Number(countArg)
const url = `${ORIGIN}/posts/1`
const HTTP_SUBSCRIPTION_KINDS = { 'graphql-sse-events': 'sse', 'graphql-multipart-events': 'multipart' }

async function settle() {
  for (let index = 0; index < 3; index++) {
    await new Promise((resolve) => setTimeout(resolve, 20))
    await new Promise((resolve) => setImmediate(resolve))
    globalThis.gc()
  }
  return process.memoryUsage().heapUsed
}

const lib = await loadContender(contender, dist)
let start = () => {}
let stop = () => {}
let subscriptionHandler
if (lib.name === 'interceptors') {
  const interceptor = lib.createInterceptor()
  start = () => {
    interceptor.apply()
    interceptor.on('request', ({ controller }) =>
      controller.respondWith(new Response(POST_TEXT, { headers: JSON_HEADERS })),
    )
  }
  stop = () => interceptor.dispose()
} else if (kind === 'graphql-ws-events') {
  subscriptionHandler = await benchSubscriptionHandler(lib)
  const server = lib.setupServer(subscriptionHandler.handler)
  start = () => server.listen({ onUnhandledRequest: 'error' })
  stop = () => server.close()
} else if (kind in HTTP_SUBSCRIPTION_KINDS) {
  subscriptionHandler = benchHttpSubscriptionHandler(lib)
  const server = lib.setupServer(subscriptionHandler.handler)
  start = () => server.listen({ onUnhandledRequest: 'error' })
  stop = () => server.close()
} else if (kind === 'ws-open-close') {
  const server = lib.setupServer(await echoSocketHandler(lib))
  start = () => server.listen({ onUnhandledRequest: 'error' })
  stop = () => server.close()
} else {
  const server = lib.setupServer(lib.http.get(`${ORIGIN}/posts/:id`, () => lib.HttpResponse.json(POST)))
  start = () => server.listen({ onUnhandledRequest: 'error' })
  stop = () => server.close()
}

let unit
if (kind === 'listen-close') {
  unit = async () => {
    start()
    stop()
  }
} else if (kind === 'graphql-ws-events') {
  start()
  const subscribers = await openSubscribers(subscriptionHandler, 1)
  unit = () => subscribers.publish(1)
} else if (kind in HTTP_SUBSCRIPTION_KINDS) {
  start()
  const subscribers = await openHttpSubscribers(subscriptionHandler, 1, HTTP_SUBSCRIPTION_KINDS[kind])
  unit = () => subscribers.publish(1)
} else if (kind === 'ws-open-close') {
  start()
  unit = () => openExchangeClose((socket) => pingPong(socket, 'memory ws-open-close'), `memory (${contender}, ${kind})`)
} else {
  start()
  const send = CLIENTS[kind]
  unit = async () => {
    const text = await send(url)
    if (text !== POST_TEXT) throw new Error(`memory (${contender}, ${kind}): unexpected answer ${text}`)
  }
}

const warmup = Math.min(2000, count)
for (let index = 0; index < warmup; index++) await unit()
const before = await settle()
for (let index = 0; index < count; index++) await unit()
const after = await settle()
if (kind !== 'listen-close') stop()
process.stdout.write(JSON.stringify({ count, before, after, retainedPerUnit: (after - before) / count }) + '\n')
