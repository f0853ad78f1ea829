import { MocklibTypeError } from '../runtime/errors'
import { format } from '../runtime/messages'

/** Socket.IO's packet types (protocol 5), inside an Engine.IO `message` packet (type 4). */
export const PacketType = {
  CONNECT: 0,
  DISCONNECT: 1,
  EVENT: 2,
  ACK: 3,
  CONNECT_ERROR: 4,
  BINARY_EVENT: 5,
  BINARY_ACK: 6,
} as const

/** Engine.IO's packet types (protocol 4) as they lead a text frame. */
export const EnginePacket = { OPEN: '0', CLOSE: '1', PING: '2', PONG: '3', MESSAGE: '4' } as const

export interface SocketIoPacket {
  readonly type: number
  /** '/' unless the packet names another namespace. */
  readonly namespace: string
  readonly id?: number
  readonly data?: unknown
}

/** A Socket.IO packet as the text frame that carries it (Engine.IO `message` + Socket.IO packet). */
export function encodePacket(packet: SocketIoPacket): string {
  let frame = EnginePacket.MESSAGE + String(packet.type)
  if (packet.namespace !== '/') frame += packet.namespace + ','
  if (packet.id !== undefined) frame += String(packet.id)
  if (packet.data !== undefined) frame += JSON.stringify(packet.data)
  return frame
}

/** The Socket.IO packet a text frame carries, or undefined for Engine.IO's own packets (ping, pong, close). */
export function decodeFrame(frame: string): SocketIoPacket | undefined {
  if (frame[0] !== EnginePacket.MESSAGE) return undefined
  const type = Number(frame[1])
  if (!(type >= PacketType.CONNECT && type <= PacketType.BINARY_ACK)) throw malformed(frame, 'an unknown packet type')
  if (type === PacketType.BINARY_EVENT || type === PacketType.BINARY_ACK) throw binaryRefused('received', frame)
  let index = 2
  let namespace = '/'
  if (frame[index] === '/') {
    const end = frame.indexOf(',', index)
    namespace = end === -1 ? frame.slice(index) : frame.slice(index, end)
    index = end === -1 ? frame.length : end + 1
  }
  const digits = /^\d*/.exec(frame.slice(index))?.[0] ?? ''
  const id = digits === '' ? undefined : Number(digits)
  index += digits.length
  const rest = frame.slice(index)
  let data: unknown
  try {
    data = rest === '' ? undefined : (JSON.parse(rest) as unknown)
  } catch {
    throw malformed(frame, 'a payload that is not JSON')
  }
  return { type, namespace, id, data }
}

/** Throws when `args` hold binary data, which mocklib's Socket.IO extension does not encode yet. */
export function refuseBinary(args: readonly unknown[], event: string): void {
  const seen = new Set<unknown>()
  const visit = (value: unknown): boolean => {
    if (value === null || typeof value !== 'object' || seen.has(value)) return false
    seen.add(value)
    if (
      value instanceof ArrayBuffer ||
      ArrayBuffer.isView(value) ||
      (typeof Blob === 'function' && value instanceof Blob)
    )
      return true
    return Object.values(value).some(visit)
  }
  if (args.some(visit)) throw binaryRefused('sent', `the "${event}" event`)
}

function binaryRefused(direction: string, what: string): Error {
  return new MocklibTypeError(
    'MOCKLIB_INVALID_ARGUMENT',
    format(
      `The Socket.IO extension ${direction} binary data (${what.slice(0, 80)}): mocklib's extension speaks ` +
        'JSON arguments only. Send the bytes as base64 text, or mock this event without the extension (raw frames).',
    ),
  )
}

function malformed(frame: string, what: string): Error {
  return new Error(format(`The Socket.IO extension got a frame with ${what}: ${frame.slice(0, 80)}`))
}
