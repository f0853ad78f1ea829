import { randomFillSync } from 'node:crypto'

/**
 * The WebSocket wire format (RFC 6455, section 5) for one end of a connection, with no
 * extensions: it reads the peer's frames (joining fragmented messages, answering pings,
 * checking masks, lengths, opcodes and UTF-8) and writes whole messages and close frames.
 * A server end expects masked frames and writes unmasked ones; a client end the other way
 * round. Used where mocklib itself is the other end of an undici or `ws`-package WebSocket (upgrade-bridge.ts).
 */

const OPCODE = { continuation: 0x0, text: 0x1, binary: 0x2, close: 0x8, ping: 0x9, pong: 0xa } as const

/** What the wire reports to its owner. */
export interface WireListener {
  /** A whole message: text as a string, binary as bytes. */
  message(data: string | Uint8Array): void
  /** The peer's close frame (1005 when it carried no code). The wire answered it if it had not closed first. */
  close(code: number, reason: string): void
  /** The peer broke the protocol: the wire sent a close frame with `code`; the owner ends the transport. */
  fail(code: number, reason: string): void
}

export type WireRole = 'server' | 'client'

const utf8 = new TextDecoder('utf-8', { fatal: true })

export class WebSocketWire {
  /** Received bytes not yet read as frames, joined only once the next frame can be whole. */
  #chunks: Buffer[] = []
  #buffered = 0
  /** How many bytes the next frame needs, as far as its header tells so far. */
  #needed = 2
  #fragments: Buffer[] = []
  #fragmentOpcode = -1
  #closeSent = false
  #closeReceived = false
  #failed = false

  constructor(
    private readonly role: WireRole,
    private readonly write: (bytes: Buffer) => void,
    private readonly listener: WireListener,
  ) {}

  get closeSent(): boolean {
    return this.#closeSent
  }

  get closeReceived(): boolean {
    return this.#closeReceived
  }

  /** Bytes from the peer, in any chunking. */
  receive(chunk: Uint8Array): void {
    if (this.#failed || this.#closeReceived) return
    this.#chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength))
    this.#buffered += chunk.byteLength
    // A large message arriving in many chunks is joined once, not once per chunk.
    if (this.#buffered < this.#needed) return
    let bytes = this.#chunks.length === 1 ? this.#chunks[0]! : Buffer.concat(this.#chunks)
    while (!this.#failed && !this.#closeReceived) {
      const frame = this.#nextFrame(bytes)
      if (frame === undefined) break
      bytes = bytes.subarray(frame.size)
      this.#onFrame(frame.fin, frame.opcode, frame.payload)
    }
    this.#chunks = bytes.length === 0 ? [] : [bytes]
    this.#buffered = bytes.length
  }

  sendText(text: string): void {
    this.#send(OPCODE.text, Buffer.from(text, 'utf8'))
  }

  sendBinary(bytes: Uint8Array): void {
    this.#send(OPCODE.binary, bytes)
  }

  /** A message: a string as a text frame, bytes (a buffer, a typed array, a DataView) as a binary one. */
  sendMessage(data: string | ArrayBufferLike | ArrayBufferView): void {
    if (typeof data === 'string') this.sendText(data)
    else if (ArrayBuffer.isView(data)) this.sendBinary(new Uint8Array(data.buffer, data.byteOffset, data.byteLength))
    else this.sendBinary(new Uint8Array(data))
  }

  /**
   * Sends a close frame (once). 1005 sends none, as the code means "no code was given"; a
   * reason longer than a control frame allows is cut at a character boundary.
   */
  sendClose(code: number, reason = ''): void {
    if (this.#closeSent) return
    this.#closeSent = true
    if (code === 1005) return this.#writeFrame(OPCODE.close, Buffer.alloc(0))
    const payload = Buffer.alloc(2)
    payload.writeUInt16BE(code, 0)
    this.#writeFrame(OPCODE.close, Buffer.concat([payload, truncateUtf8(reason, 123)]))
  }

  #send(opcode: number, payload: Uint8Array): void {
    if (this.#closeSent) return
    this.#writeFrame(opcode, payload)
  }

  /** One frame with FIN set: the header with the shortest length form, the mask, the payload. */
  #writeFrame(opcode: number, payload: Uint8Array): void {
    const masked = this.role === 'client'
    const length = payload.byteLength
    const lengthBytes = length < 126 ? 0 : length <= 0xffff ? 2 : 8
    const headerLength = 2 + lengthBytes + (masked ? 4 : 0)
    const frame = Buffer.allocUnsafe(headerLength + length)
    frame[0] = 0x80 | opcode
    frame[1] = (masked ? 0x80 : 0) | (lengthBytes === 0 ? length : lengthBytes === 2 ? 126 : 127)
    if (lengthBytes === 2) frame.writeUInt16BE(length, 2)
    else if (lengthBytes === 8) frame.writeBigUInt64BE(BigInt(length), 2)
    frame.set(payload, headerLength)
    if (masked) {
      const key = frame.subarray(2 + lengthBytes, headerLength)
      randomFillSync(key)
      applyMask(frame.subarray(headerLength), key)
    }
    this.write(frame)
  }

  /**
   * The frame at the start of `bytes`, unmasked, and how many bytes it took; undefined until
   * all its bytes are there (`#needed` then says how many it takes, as far as is known).
   */
  #nextFrame(bytes: Buffer): { fin: boolean; opcode: number; payload: Buffer; size: number } | undefined {
    this.#needed = 2
    if (bytes.length < 2) return undefined
    const fin = (bytes[0]! & 0x80) !== 0
    const opcode = bytes[0]! & 0x0f
    const masked = (bytes[1]! & 0x80) !== 0
    if ((bytes[0]! & 0x70) !== 0) return this.#fail(1002, 'A frame set a reserved bit, but no extension was agreed.')
    if (masked !== (this.role === 'server')) {
      return this.#fail(1002, this.role === 'server' ? 'A client frame was not masked.' : 'A server frame was masked.')
    }
    let length = bytes[1]! & 0x7f
    let offset = 2
    if (length === 126) {
      this.#needed = 4
      if (bytes.length < 4) return undefined
      length = bytes.readUInt16BE(2)
      offset = 4
    } else if (length === 127) {
      this.#needed = 10
      if (bytes.length < 10) return undefined
      const long = bytes.readBigUInt64BE(2)
      if (long > BigInt(Number.MAX_SAFE_INTEGER)) return this.#fail(1009, 'A frame is too large.')
      length = Number(long)
      offset = 10
    }
    const keyLength = masked ? 4 : 0
    const size = offset + keyLength + length
    this.#needed = size
    if (bytes.length < size) return undefined
    // A copy: the peer's chunks are not ours to unmask in place, and the payload outlives them.
    const payload = Buffer.from(bytes.subarray(offset + keyLength, size))
    if (masked) applyMask(payload, bytes.subarray(offset, offset + 4))
    this.#needed = 2
    return { fin, opcode, payload, size }
  }

  #onFrame(fin: boolean, opcode: number, payload: Buffer): void {
    if (opcode >= OPCODE.close) return this.#onControl(fin, opcode, payload)
    if (opcode === OPCODE.continuation) {
      if (this.#fragmentOpcode === -1) return this.#fail(1002, 'A continuation frame came with no message to continue.')
    } else if (opcode === OPCODE.text || opcode === OPCODE.binary) {
      if (this.#fragmentOpcode !== -1) return this.#fail(1002, 'A new message started before the fragmented one ended.')
      this.#fragmentOpcode = opcode
    } else {
      return this.#fail(1002, `A frame used the unknown opcode ${opcode}.`)
    }
    this.#fragments.push(payload)
    if (!fin) return
    const message = this.#fragments.length === 1 ? this.#fragments[0]! : Buffer.concat(this.#fragments)
    const type = this.#fragmentOpcode
    this.#fragments = []
    this.#fragmentOpcode = -1
    if (type === OPCODE.binary)
      return this.listener.message(new Uint8Array(message.buffer, message.byteOffset, message.byteLength))
    const text = decodeUtf8(message)
    if (text === undefined) return this.#fail(1007, 'A text message was not valid UTF-8.')
    this.listener.message(text)
  }

  #onControl(fin: boolean, opcode: number, payload: Buffer): void {
    if (!fin || payload.length > 125)
      return this.#fail(1002, 'A control frame was fragmented or longer than 125 bytes.')
    if (opcode === OPCODE.ping) return this.#send(OPCODE.pong, payload)
    if (opcode === OPCODE.pong) return
    if (opcode !== OPCODE.close) return this.#fail(1002, `A frame used the unknown opcode ${opcode}.`)
    const close = readClose(payload)
    if (typeof close === 'string')
      return this.#fail(close === 'utf8' ? 1007 : 1002, 'A close frame carried an invalid code or reason.')
    this.#closeReceived = true
    // The closing handshake: the peer's code is echoed back.
    this.sendClose(close.code === 1005 ? 1005 : close.code, close.reason)
    this.listener.close(close.code, close.reason)
  }

  #fail(code: number, reason: string): undefined {
    this.#failed = true
    this.sendClose(code, reason)
    this.listener.fail(code, reason)
    return undefined
  }
}

/** A close frame's code and reason, or what is wrong with it. */
function readClose(payload: Buffer): { code: number; reason: string } | 'code' | 'utf8' {
  if (payload.length === 0) return { code: 1005, reason: '' }
  if (payload.length === 1) return 'code'
  const code = payload.readUInt16BE(0)
  if (!isSendableCloseCode(code)) return 'code'
  const reason = decodeUtf8(payload.subarray(2))
  return reason === undefined ? 'utf8' : { code, reason }
}

/** Codes a close frame may carry (RFC 6455 section 7.4 and the IANA registry). */
export function isSendableCloseCode(code: number): boolean {
  return (code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1014) || (code >= 3000 && code <= 4999)
}

function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(bytes)
  } catch {
    return undefined
  }
}

function applyMask(bytes: Uint8Array, key: Uint8Array): void {
  for (let index = 0; index < bytes.length; index++) bytes[index]! ^= key[index & 3]!
}

/** The UTF-8 of `text`, at most `limit` bytes, cut between characters. */
function truncateUtf8(text: string, limit: number): Buffer {
  const bytes = Buffer.from(text, 'utf8')
  if (bytes.length <= limit) return bytes
  let end = limit
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--
  return bytes.subarray(0, end)
}
