import { Duplex } from 'node:stream'
import type { UpgradedSocket } from '../../websocket-wire/upgraded-socket'
import type { UpgradeChannel } from '../../websocket-wire/upgrade-bridge'

/**
 * The socket http.request gets (as its `createConnection`) for a `ws`-package handshake that
 * mocklib answers (ws-package-upgrades.ts). The request the client writes on it is dropped:
 * mocklib read the handshake from the request's options. The answer is a 101 head written here
 * once the request is in;
 * from then on bytes pass both ways between this socket and the bridge's in-memory socket
 * (websocket-wire/upgraded-socket.ts), where mocklib speaks the server's half of RFC 6455.
 */
export class HandshakeSocket extends Duplex implements UpgradeChannel {
  #peer: UpgradedSocket | undefined
  /** The 101 head, until the client has written its request. */
  #answer: Buffer | undefined
  #head = Buffer.alloc(0)
  #requestRead = false
  onAbort: ((reason: Error) => void) | undefined

  constructor(private readonly href: string) {
    super({ allowHalfOpen: false })
    this.once('close', () => {
      if (this.#peer !== undefined) this.#peer.destroy()
      else this.onAbort?.(new Error(`The client closed the WebSocket handshake to ${this.href}.`))
    })
  }

  upgrade(status: number, headers: Headers, peer: UpgradedSocket): void {
    if (this.destroyed) return void peer.destroy()
    this.#peer = peer
    const head = [`HTTP/1.1 ${status} Switching Protocols`]
    for (const [name, value] of headers) head.push(`${name}: ${value}`)
    this.#answer = Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1')
    // As a server would, answer once the request's head is in (the handlers may run first).
    if (this.#requestRead) this.#open()
  }

  #open(): void {
    const peer = this.#peer
    if (peer === undefined || this.#answer === undefined) return
    this.push(this.#answer)
    this.#answer = undefined
    peer.on('data', (chunk: Buffer) => this.push(chunk))
    // The server ended the connection: the client reads what came before, then sees the end.
    const finish = () => {
      if (!this.destroyed) this.push(null)
    }
    peer.once('end', finish)
    peer.once('close', finish)
  }

  fail(error: Error): void {
    this.destroy(error)
  }

  // What http.request and the `ws` client may call on a net.Socket; nothing to do in memory.
  setTimeout(): this {
    return this
  }

  setNoDelay(): this {
    return this
  }

  setKeepAlive(): this {
    return this
  }

  ref(): this {
    return this
  }

  unref(): this {
    return this
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    // As over a network, the server gets the bytes after the write returns: the `ws` client arms
    // its close timer after writing its close frame, and a close answered inside that write left
    // a second timer behind it (the process stayed up for ws's 30-second closeTimeout).
    if (this.#requestRead) process.nextTick(() => this.#peer?.write(chunk))
    else {
      // The handshake request itself, which nobody needs: skipped up to the blank line ending it.
      this.#head = Buffer.concat([this.#head, chunk])
      const end = this.#head.indexOf('\r\n\r\n')
      if (end !== -1) {
        this.#requestRead = true
        const rest = this.#head.subarray(end + 4)
        this.#head = Buffer.alloc(0)
        this.#open()
        if (rest.length > 0) this.#peer?.write(rest)
      }
    }
    callback()
  }

  override _final(callback: (error?: Error | null) => void): void {
    // After the writes _write passed on, in the same order.
    process.nextTick(() => this.#peer?.end())
    callback()
  }
}
