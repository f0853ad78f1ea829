// One WebSocket unit of work, shared by the ws scenarios (scenarios.mjs) and the memory runs
// (memory.mjs): a ws.link that echoes every frame, and a client that opens, exchanges and closes.

export const ECHO_URL = 'wss://bench.test/socket'

/** The echo handler of a library contender (mocklib or msw). Call before the server listens. */
export async function echoSocketHandler(lib) {
  // Node 20 has no global WebSocket without --experimental-websocket: undici's stands in.
  globalThis.WebSocket ??= (await import('undici')).WebSocket
  const link = lib.ws.link(ECHO_URL)
  return link.addEventListener('connection', ({ client }) => {
    client.addEventListener('message', (event) => client.send(event.data))
  })
}

/** Opens a socket to the echo link, runs `exchange(socket)`, closes it and waits for the close. */
export async function openExchangeClose(exchange, what) {
  const socket = new WebSocket(ECHO_URL)
  await new Promise((resolve, reject) => {
    socket.onopen = resolve
    socket.onerror = () => reject(new Error(`${what}: socket error`))
  })
  await exchange(socket)
  const closed = new Promise((resolve) => (socket.onclose = resolve))
  socket.close()
  await closed
}

/** One echo round trip: sends 'ping' and checks the reply. */
export async function pingPong(socket, what) {
  const reply = await new Promise((resolve) => {
    socket.onmessage = (event) => resolve(event.data)
    socket.send('ping')
  })
  if (reply !== 'ping') throw new Error(`${what}: unexpected answer ${JSON.stringify(String(reply).slice(0, 200))}`)
}
