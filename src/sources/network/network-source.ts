import type { AnyNetworkFrame, NetworkFrameResolutionContext } from './network-frame'

/** What a `'frame'` listener receives. */
export interface NetworkFrameEvent<Frame extends AnyNetworkFrame = AnyNetworkFrame> {
  readonly frame: Frame
}

export type NetworkFrameListener<Frame extends AnyNetworkFrame> = (event: NetworkFrameEvent<Frame>) => unknown

/**
 * Where frames come from (MSW 3's network source): a subclass catches requests its own way, once
 * `enable()` is called, and hands each to `queue()`. The network it belongs to listens for frames.
 */
export abstract class NetworkSource<Frame extends AnyNetworkFrame = AnyNetworkFrame> {
  #listeners: Array<NetworkFrameListener<Frame>> = []

  /** Starts catching requests. `context` is the network's (its base URL, whether it is quiet). */
  abstract enable(context?: NetworkFrameResolutionContext): unknown

  /** Hands a caught frame to the network; settles once the network has resolved it. */
  async queue(frame: Frame): Promise<void> {
    await Promise.all(this.#listeners.map((listener) => listener({ frame })))
  }

  on(type: 'frame', listener: NetworkFrameListener<Frame>): void {
    if (type !== 'frame') return
    this.#listeners.push(listener)
  }

  /** Stops handing frames to the network (a subclass also stops catching, then calls this). */
  disable(): unknown {
    this.#listeners = []
    return undefined
  }
}
