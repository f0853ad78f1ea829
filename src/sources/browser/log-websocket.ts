import { observer } from '../../ws/owned-listeners'
import type { WebSocketConnection } from '../../ws/websocket-connection'
import type { WebSocketHandler } from '../../ws/websocket-handler'
import { format } from '../../runtime/messages'

const MAX_TEXT = 200

/**
 * Prints a mocked connection and its frames to the page's console, one line each:
 * ⇄ connected (and by which handlers), ↑ a frame the client sent, ↓ a frame the client received
 * (from a handler or forwarded from the real server), × the close.
 */
export function logWebSocket(raw: WebSocketConnection, handlers: readonly WebSocketHandler[]): void {
  const url = raw.url.href
  const line = (arrow: string, text: string) =>
    console.log(format(`${new Date().toTimeString().slice(0, 8)} ws ${url} ${arrow} ${text}`))
  const by = handlers.map(
    (handler) => handler.info.header + (handler.info.callFrame ? ` (defined at ${handler.info.callFrame})` : ''),
  )
  line('⇄', `connected, handled by ${by.join(', ')}`)
  raw.clientListeners.add('message', (event: MessageEvent) => line('↑', describeFrame(event.data)), observer)
  raw.socket.addEventListener('message', (event) => line('↓', describeFrame((event as MessageEvent).data)))
  raw.clientListeners.add(
    'close',
    (event: CloseEvent) => line('×', `closed ${event.code}${event.reason ? ` "${event.reason}"` : ''}`),
    observer,
  )
}

function describeFrame(data: unknown): string {
  if (typeof data === 'string') return JSON.stringify(data.length > MAX_TEXT ? `${data.slice(0, MAX_TEXT)}…` : data)
  if (data instanceof Blob) return `Blob (${data.size} bytes)`
  if (data instanceof ArrayBuffer) return `ArrayBuffer (${data.byteLength} bytes)`
  if (ArrayBuffer.isView(data)) return `${data.constructor.name} (${data.byteLength} bytes)`
  return String(data)
}
