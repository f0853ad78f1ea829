// Prints what travels through a mocklib server, from its lifecycle events (server.events).
// Shared by every half of the demo (REST, GraphQL).
const MAX = 100

function shorten(text) {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > MAX ? `${line.slice(0, MAX)}…` : line
}

/**
 * Listens to a server's events and prints "→ request" and "← response" lines. Bodies are read
 * from clones (events hand out clones), which is asynchronous: `flush()` waits for them so
 * lines print in order.
 */
export function logTraffic(server, indent = '    ') {
  const pending = []
  const print = (promise) => pending.push(promise)

  server.events.on('request:start', ({ request }) => {
    const body = request.body === null ? Promise.resolve('') : request.clone().text()
    print(
      body.then((text) =>
        console.log(`${indent}→ ${request.method} ${request.url}${text ? `  ${shorten(text)}` : ''}`),
      ),
    )
  })
  server.events.on('response:mocked', ({ response }) => {
    print(
      response
        .text()
        .then((text) =>
          console.log(
            `${indent}← ${response.status} ${response.statusText} (mocked)${text ? `  ${shorten(text)}` : '  (no body)'}`,
          ),
        ),
    )
  })
  server.events.on('response:bypass', ({ response }) => {
    print(Promise.resolve().then(() => console.log(`${indent}← ${response.status} from the network`)))
  })

  return {
    async flush() {
      while (pending.length > 0) await pending.shift()
    },
  }
}
