// A real WebSocket server (the `ws` package) on a free local port, for passthrough tests.
import { createServer } from 'node:http'
import { WebSocketServer, type WebSocket as ServerSocket } from 'ws'

export interface RealServer {
  url: string
  /** Sockets the server has accepted, in order. */
  connections: ServerSocket[]
  /** Frames the server received, as text. */
  received: string[]
  /** Resolves with the next accepted connection. */
  nextConnection(): Promise<ServerSocket>
  /** Resolves with the next frame the server receives. */
  nextMessage(): Promise<string>
  close(): Promise<void>
}

/** Starts a server that greets each client and echoes frames back as "real: <frame>". */
export async function startRealServer(options: { protocols?: string[] } = {}): Promise<RealServer> {
  const http = createServer()
  const wss = new WebSocketServer({
    server: http,
    handleProtocols: (offered) => options.protocols?.find((protocol) => offered.has(protocol)) ?? false,
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()))
  const connections: ServerSocket[] = []
  const received: string[] = []
  const connectionWaiters: Array<(socket: ServerSocket) => void> = []
  const messageWaiters: Array<(text: string) => void> = []
  wss.on('connection', (socket) => {
    connections.push(socket)
    socket.on('message', (data) => {
      const text = String(data)
      received.push(text)
      messageWaiters.shift()?.(text)
      socket.send(`real: ${text}`)
    })
    socket.send('hello from the real server')
    connectionWaiters.shift()?.(socket)
  })
  const { port } = http.address() as { port: number }
  return {
    url: `ws://127.0.0.1:${port}`,
    connections,
    received,
    nextConnection: () => new Promise((resolve) => connectionWaiters.push(resolve)),
    nextMessage: () => new Promise((resolve) => messageWaiters.push(resolve)),
    close: () =>
      new Promise((resolve) => {
        for (const socket of wss.clients) socket.terminate()
        wss.close()
        http.closeAllConnections()
        http.close(() => resolve())
      }),
  }
}
