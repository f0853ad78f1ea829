/**
 * MSW 3's network frames (mocklib/experimental): a source wraps each request it catches in a frame
 * that knows how to answer it in that source's environment. mocklib resolves HTTP frames through its
 * one pipeline (runtime/handle-request.ts); WebSocket frames have no counterpart yet.
 */
export abstract class NetworkFrame<Protocol extends string = string, Data = unknown> {
  readonly protocol: Protocol
  readonly data: Data

  constructor(protocol: Protocol, data: Data) {
    this.protocol = protocol
    this.data = data
  }

  /** Performs the frame as it is: the request goes to the network. */
  abstract passthrough(): void

  /** Fails the frame: the client sees a network error (`reason` as its cause where it can). */
  abstract errorWith(reason?: unknown): void
}

/** What an HTTP frame carries: the request and the id lifecycle events name it by. */
export interface HttpNetworkFrameData {
  readonly id: string
  readonly request: Request
}

export interface HttpNetworkFrameOptions {
  /** The request's id in lifecycle events; a random UUID when not given. */
  id?: string
  request: Request
}

/** A caught HTTP request. A custom source extends it with how to answer in its environment. */
export abstract class HttpNetworkFrame extends NetworkFrame<'http', HttpNetworkFrameData> {
  constructor(options: HttpNetworkFrameOptions) {
    super('http', { id: options.id ?? crypto.randomUUID(), request: options.request })
  }

  /** Answers the client with `response` (a mocked one). */
  abstract respondWith(response?: Response): void
}

/** Any frame a source may queue. */
export type AnyNetworkFrame = NetworkFrame<string, unknown>

/** Options a network hands its sources when it enables them (MSW 3's resolution context). */
export interface NetworkFrameResolutionContext {
  /** The base URL relative handler paths resolve against. */
  baseUrl?: string | URL
}
