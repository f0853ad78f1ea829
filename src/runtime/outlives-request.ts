/**
 * Work a resolver starts that outlives its request (a subscription streamed over HTTP) ends
 * when its handler leaves the list of the scope that ran it (`resetHandlers()` without it),
 * as WebSocket connections' subscriptions do. The resolution loop puts the registration on
 * the resolver argument under this key (not enumerable, so users never see it).
 */
const kWhenRemoved: unique symbol = Symbol.for('mocklib.whenRemoved')

/** Registers `callback` for when the handler leaves the scope's list; returns its cancel. */
export type WhenHandlerRemoved = (callback: () => void) => () => void

export function setWhenRemoved(args: object, whenRemoved: WhenHandlerRemoved): void {
  Object.defineProperty(args, kWhenRemoved, { value: whenRemoved, configurable: true })
}

/** The registration the loop gave this resolver argument (undefined outside the loop: `handler.run()`). */
export function whenRemovedOf(args: object): WhenHandlerRemoved | undefined {
  return (args as { [kWhenRemoved]?: WhenHandlerRemoved })[kWhenRemoved]
}
