import type { WebSocketData } from './types'

/**
 * Delivers a handler's messages to the client the way a real socket does: text as a string,
 * binary data (an ArrayBuffer, a typed array or DataView, a Blob) as the client's
 * `binaryType` asks, a Blob or an ArrayBuffer holding exactly the message's bytes. Messages keep
 * their order even when a Blob has to be read first.
 */
export class ClientDelivery {
  #pending: Promise<void> | undefined

  constructor(
    private readonly socket: { binaryType: BinaryType },
    private readonly deliver: (data: WebSocketData) => void,
  ) {}

  send(data: WebSocketData): void {
    if (this.#pending === undefined) {
      const message = toClientData(data, this.socket.binaryType)
      if (!(message instanceof Promise)) return this.deliver(message)
      this.#pending = message.then((bytes) => this.deliver(bytes))
    } else {
      this.#pending = this.#pending.then(async () => this.deliver(await toClientData(data, this.socket.binaryType)))
    }
    const settled = this.#pending
    const done = () => {
      if (this.#pending === settled) this.#pending = undefined
    }
    settled.then(done, done)
  }

  /** Runs `callback` once the messages sent so far have been handed over (at once when none waits for a Blob read). */
  afterSent(callback: () => void): void {
    if (this.#pending === undefined) callback()
    else this.#pending.then(callback, callback)
  }
}

function toClientData(data: WebSocketData, binaryType: BinaryType): WebSocketData | Promise<ArrayBuffer> {
  if (typeof data === 'string') return data
  if (data instanceof Blob) return binaryType === 'blob' ? data : data.arrayBuffer()
  const bytes = ArrayBuffer.isView(data)
    ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
    : new Uint8Array(data as ArrayBufferLike)
  // A copy: the handler may reuse its buffer after send(), as with a real socket.
  const copy = bytes.slice().buffer
  return binaryType === 'blob' ? new Blob([copy]) : copy
}
