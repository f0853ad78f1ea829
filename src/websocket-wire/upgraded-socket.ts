import { Duplex } from 'node:stream'

/**
 * The socket undici gets with a WebSocket upgrade mocklib answered: an in-memory Duplex. What
 * the client writes goes to `onBytes` as it is written; `deliver()` is what the server sends.
 * `finish()` ends the connection from the server's side (the client reads what was delivered,
 * then sees the socket end and close); `onGone` runs once when the socket is destroyed or
 * closes, from either side.
 */
export class UpgradedSocket extends Duplex {
  #gone = false

  constructor(
    private readonly onBytes: (chunk: Buffer) => void,
    private readonly onGone: () => void,
  ) {
    // No half-open state: once the server ends, the socket ends its writable side and closes.
    super({ allowHalfOpen: false })
    this.once('close', () => this.#leave())
  }

  /** Bytes from the server to the client. */
  deliver(bytes: Buffer): void {
    if (!this.destroyed && !this.readableEnded) this.push(bytes)
  }

  /** The server ends the connection. */
  finish(): void {
    if (!this.destroyed) this.push(null)
  }

  /** What undici reads for its diagnostics channel: no network address. */
  address(): Record<string, never> {
    return {}
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.onBytes(chunk)
    callback()
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#leave()
    callback(error)
  }

  #leave(): void {
    if (this.#gone) return
    this.#gone = true
    this.onGone()
  }
}
