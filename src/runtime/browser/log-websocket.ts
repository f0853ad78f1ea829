import type { InterceptedConnection } from '../../ws/mocked-connection'
import type { WebSocketHandler } from '../../ws/websocket-handler'
import { format } from '../messages'

const MAX_TEXT = 200

/**
 * Prints a mocked connection and its frames to the page's console, one line each:
 * ⇄ connected (and by which handlers), ↑ a frame the client sent, ↓ a frame the client received
 * (from a handler or forwarded from the real server), × the close.
 */
export function logWebSocket(raw: InterceptedConnection, handlers: readonly WebSocketHandler[]): void {
  const url = raw.client.url.href
  const line = (arrow: string, text: string) => console.log(format(`${new Date().toTimeString().slice(0, 8)} ws ${url} ${arrow} ${text}`))
  const by = handlers.map((handler) => handler.info.header + (handler.info.callFrame ? ` (defined at ${handler.info.callFrame})` : ''))
  line('⇄', `connected, handled by ${by.join(', ')}`)
  raw.client.addEventListener('message', (event) => line('↑', describeFrame(event.data)))
  raw.client.socket.addEventListener('message', (event) => line('↓', describeFrame((event as MessageEvent).data)))
  raw.client.addEventListener('close', (event) => line('×', `closed ${event.code}${event.reason ? ` "${event.reason}"` : ''}`))
}

function describeFrame(data: unknown): string {
  if (typeof data === 'string') return JSON.stringify(data.length > MAX_TEXT ? `${data.slice(0, MAX_TEXT)}…` : data)
  if (data instanceof Blob) return `Blob (${data.size} bytes)`
  if (data instanceof ArrayBuffer) return `ArrayBuffer (${data.byteLength} bytes)`
  if (ArrayBuffer.isView(data)) return `${data.constructor.name} (${data.byteLength} bytes)`
  return String(data)
}
