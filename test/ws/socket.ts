// A WebSocket client for tests: the global WebSocket (the one mocklib patches), with its
// events turned into promises so tests wait for events instead of time.

export interface TestSocket {
  socket: WebSocket
  /** Resolves on `open`, rejects on `close` before open. */
  opened: Promise<void>
  /** Resolves with the close event. */
  closed: Promise<CloseEvent>
  /** Resolves on the first `error` event. */
  errored: Promise<Event>
  /** The next message not yet taken (in arrival order). */
  nextMessage(): Promise<MessageEvent>
  /** Every message received so far. */
  messages: MessageEvent[]
}

export function openSocket(url: string, protocols?: string | string[], binaryType: BinaryType = 'blob'): TestSocket {
  const socket = new WebSocket(url, protocols)
  socket.binaryType = binaryType
  const messages: MessageEvent[] = []
  let taken = 0
  const waiting: Array<(event: MessageEvent) => void> = []
  socket.addEventListener('message', (event) => {
    messages.push(event)
    const next = waiting.shift()
    if (next !== undefined) {
      taken++
      next(event)
    }
  })
  const closed = new Promise<CloseEvent>((resolve) => socket.addEventListener('close', resolve, { once: true }))
  const opened = new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true })
    void closed.then((event) => reject(new Error(`closed before open (code ${event.code})`)))
  })
  opened.catch(() => {})
  const errored = new Promise<Event>((resolve) => socket.addEventListener('error', resolve, { once: true }))
  return {
    socket,
    opened,
    closed,
    errored,
    messages,
    nextMessage() {
      if (taken < messages.length) return Promise.resolve(messages[taken++])
      return new Promise((resolve) => waiting.push(resolve))
    },
  }
}

export { deferred } from '../helpers/deferred'
