// GET /ws?url=…&send=a&send=b…: the app opens a WebSocket (the platform's global, which mocklib
// intercepts) to url, sends each `send` as text (`bytes:N` sends N bytes as binary), and answers
// with the subprotocol, every message it received and the close, once the socket has closed.
export function websocketRoute(req, res) {
  const query = new URL(req.url, 'http://app.local').searchParams
  const protocols = query.getAll('protocol')
  const socket = new WebSocket(query.get('url'), protocols)
  socket.binaryType = 'arraybuffer'
  const messages = []
  let error = false
  socket.addEventListener('open', () => {
    for (const message of query.getAll('send')) {
      socket.send(message.startsWith('bytes:') ? new Uint8Array(Number(message.slice(6))).fill(7) : message)
    }
  })
  socket.addEventListener('message', ({ data }) =>
    messages.push(typeof data === 'string' ? data : `binary:${data.byteLength}`),
  )
  socket.addEventListener('error', () => (error = true))
  socket.addEventListener('close', ({ code, reason }) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ protocol: socket.protocol, messages, close: { code, reason }, error }))
  })
}
