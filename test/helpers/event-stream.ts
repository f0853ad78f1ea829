// Reading mocked event streams in tests, the way LLM SDKs read them: fetch, then the body
// chunk by chunk. Every wait is on data or on the stream's end, never on time.
import { EventSource } from 'eventsource'

export const EVENT_STREAM = { accept: 'text/event-stream' } as const

/** A body reader that collects text and waits until the text so far satisfies a condition. */
export class StreamText {
  text = ''
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>
  readonly #decoder = new TextDecoder()
  done = false

  constructor(response: Response) {
    if (response.body === null) throw new Error('The response has no body')
    this.#reader = response.body.getReader()
  }

  /** Reads until `text` ends with (or includes) `expected`; fails if the stream ends first. */
  async until(expected: string): Promise<string> {
    while (!this.text.includes(expected)) {
      if (this.done)
        throw new Error(`The stream ended before ${JSON.stringify(expected)}; it had ${JSON.stringify(this.text)}`)
      await this.#readOnce()
    }
    return this.text
  }

  /** Reads to the end of the stream and returns all its text. */
  async toEnd(): Promise<string> {
    while (!this.done) await this.#readOnce()
    return this.text
  }

  cancel(): Promise<void> {
    return this.#reader.cancel()
  }

  async #readOnce(): Promise<void> {
    const { done, value } = await this.#reader.read()
    if (done) this.done = true
    else this.text += this.#decoder.decode(value, { stream: true })
  }
}

export async function openStream(
  url: string,
  init: RequestInit = {},
): Promise<{ response: Response; body: StreamText }> {
  const response = await fetch(url, {
    ...init,
    headers: { ...EVENT_STREAM, ...(init.headers as Record<string, string>) },
  })
  return { response, body: new StreamText(response) }
}

export interface Received {
  type: string
  data: string
  lastEventId: string
}

/**
 * An `eventsource` (npm) client that records what it receives; `next(n)` waits for the n-th
 * event of the listed types, `nextError()` for the next 'error' event.
 */
export function recordEventSource(
  url: string,
  types: string[] = [],
): {
  source: EventSource
  received: Received[]
  next(count: number): Promise<Received[]>
  nextError(): Promise<void>
  opens: number
} {
  const source = new EventSource(url)
  const received: Received[] = []
  let waiters: (() => void)[] = []
  let errorWaiters: (() => void)[] = []
  const record = (event: MessageEvent) => {
    received.push({ type: event.type, data: event.data as string, lastEventId: event.lastEventId })
    for (const wake of waiters) wake()
  }
  source.addEventListener('message', record)
  for (const type of types) source.addEventListener(type, record)
  const state = {
    source,
    received,
    opens: 0,
    next(count: number): Promise<Received[]> {
      return new Promise((resolve) => {
        const check = () => {
          if (received.length >= count) {
            waiters = waiters.filter((w) => w !== check)
            resolve(received.slice(0, count))
          }
        }
        waiters.push(check)
        check()
      })
    },
    nextError(): Promise<void> {
      return new Promise((resolve) => errorWaiters.push(resolve))
    },
  }
  source.addEventListener('open', () => state.opens++)
  source.addEventListener('error', () => {
    const current = errorWaiters
    errorWaiters = []
    for (const wake of current) wake()
  })
  return state
}
