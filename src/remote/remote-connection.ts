import { randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { bearer, headerNames, headerValue, routes } from '../control/protocol'
import { isSendableCloseCode, WebSocketWire } from '../websocket-wire/frame-codec'
import { acceptKey } from '../websocket-wire/upgrade-bridge'
import type { WebSocketData } from '../ws/types'
import type { WebSocketConnection } from '../ws/websocket-connection'
import { nativeRequest } from './native-http'
import { RemoteError } from './remote-error'
import type { RemoteConfig } from './remote-options'

/**
 * Offers one of the app's WebSocket connections to the remote (`GET /__mocklib/websocket`, an
 * upgrade): true once a `ws` handler of the scope took it (the app's socket is open and joined
 * to the remote's frames), false when none did (a 404: the app's own handlers come next).
 * Rejects with a RemoteError: `unavailable` until the remote answers, `failed` when it refuses.
 */
export function offerConnection(
  config: RemoteConfig,
  raw: WebSocketConnection,
  scope: string | undefined,
): Promise<boolean> {
  const key = randomBytes(16).toString('base64')
  const headers: Record<string, string> = {
    authorization: bearer(config.token),
    connection: 'Upgrade',
    upgrade: 'websocket',
    'sec-websocket-version': '13',
    'sec-websocket-key': key,
    [headerNames.url]: raw.url.href,
  }
  const { protocols } = raw
  if (protocols !== undefined && protocols.length > 0)
    headers['sec-websocket-protocol'] = typeof protocols === 'string' ? protocols : protocols.join(', ')
  if (scope !== undefined) headers[headerNames.scope] = scope
  const origin = config.url.origin
  return new Promise<boolean>((resolve, reject) => {
    const outgoing = nativeRequest(new URL(routes.websocket, config.url), { method: 'GET', headers, agent: false })
    const timer = setTimeout(() => {
      const detail = `did not take the WebSocket connection to ${raw.url.href} within ${config.timeout} ms`
      outgoing.destroy(new RemoteError('MOCKLIB_REMOTE_UNAVAILABLE', `The remote at ${origin} ${detail}.`))
    }, config.timeout)
    outgoing.on('upgrade', (answer: IncomingMessage, socket: Duplex, head: Buffer) => {
      clearTimeout(timer)
      if (answer.headers['sec-websocket-accept'] !== acceptKey(key)) {
        socket.destroy()
        return reject(new RemoteError('MOCKLIB_REMOTE_FAILED', `The remote at ${origin} answered a wrong handshake.`))
      }
      join(raw, socket, head, headerValue(answer.headers['sec-websocket-protocol']) ?? '')
      resolve(true)
    })
    outgoing.on('response', (answer) => {
      clearTimeout(timer)
      if (answer.statusCode === 404) {
        answer.resume()
        return resolve(false)
      }
      void refusal(answer).then((text) => {
        const detail = `refused the WebSocket connection to ${raw.url.href} (${answer.statusCode}): ${text}`
        reject(new RemoteError('MOCKLIB_REMOTE_FAILED', `The remote at ${origin} ${detail}`))
      })
    })
    outgoing.on('error', (error) => {
      clearTimeout(timer)
      if (error instanceof RemoteError) return reject(error)
      const detail = `cannot be reached for the WebSocket connection to ${raw.url.href} (${error.message})`
      reject(new RemoteError('MOCKLIB_REMOTE_UNAVAILABLE', `The remote at ${origin} ${detail}.`, { cause: error }))
    })
    outgoing.end()
  })
}

async function refusal(answer: IncomingMessage): Promise<string> {
  let text = ''
  answer.setEncoding('utf8')
  for await (const chunk of answer) text += chunk as string
  return text
}

/**
 * Joins the app's socket to the remote's frames: the handlers' messages and close reach the
 * app's client, the client's messages and close go to the handlers; a connection to the remote
 * that drops closes the client with 1006.
 */
function join(raw: WebSocketConnection, socket: Duplex, head: Buffer, protocol: string): void {
  const wire = new WebSocketWire('client', (bytes) => socket.write(bytes), {
    message: (data) => raw.sendToClient(typeof data === 'string' ? data : data.slice().buffer),
    close: (code, reason) => {
      raw.closeClient(code, reason)
      socket.end()
    },
    fail: () => socket.destroy(),
  })
  socket.on('data', (chunk: Buffer) => wire.receive(chunk))
  socket.on('error', () => socket.destroy())
  socket.once('close', () => raw.closeClient(1006, '', false))
  const owner = {}
  // Blobs are read before they are sent: later messages wait behind them, in order.
  let queue: Promise<void> | undefined
  const send = (data: WebSocketData) => {
    if (queue === undefined && !(data instanceof Blob)) return wire.sendMessage(data)
    queue = (queue ?? Promise.resolve()).then(async () =>
      wire.sendMessage(data instanceof Blob ? new Uint8Array(await data.arrayBuffer()) : data),
    )
  }
  raw.clientListeners.add('message', (event: MessageEvent) => send(event.data as WebSocketData), owner)
  raw.clientListeners.add(
    'close',
    (event: CloseEvent) => {
      const close = () => wire.sendClose(isSendableCloseCode(event.code) ? event.code : 1005, event.reason)
      if (queue === undefined) close()
      else void queue.then(close)
    },
    owner,
  )
  raw.open(protocol, '')
  if (head.byteLength > 0) wire.receive(head)
}
