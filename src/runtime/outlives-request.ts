/**
 * Work a resolver starts that outlives its request (a subscription streamed over HTTP) ends
 * when its handler leaves the list of the scope that ran it (`resetHandlers()` without it),
 * as WebSocket connections' subscriptions do. A handler whose run may start such work says so
 * on the argument its `match()` returns (`outlivesRequest`); the resolution loop then puts the
 * scope's registration for the handler there, under this key (not enumerable, so users never
 * see it). Other runs (every REST and plain GraphQL one) get nothing.
 */
const kWhenRemoved: unique symbol = Symbol.for('mocklib.whenRemoved')

/** Registers `callback` for when the handler leaves the scope's list; returns its cancel. */
export type WhenHandlerRemoved = (callback: () => void) => () => void

/** Marks a match() result whose resolver may start work that outlives the request. */
export function outlivesRequest<Args extends object>(args: Args): Args {
  return Object.defineProperty(args, kWhenRemoved, { value: undefined, writable: true, configurable: true })
}

/** Gives a marked resolver argument the scope's registration; unmarked ones are left alone. */
export function offerWhenRemoved(args: object, whenRemoved: () => WhenHandlerRemoved): void {
  if (kWhenRemoved in args) (args as { [kWhenRemoved]?: WhenHandlerRemoved })[kWhenRemoved] = whenRemoved()
}

/** The registration the loop gave this resolver argument (undefined outside the loop: `handler.run()`). */
export function whenRemovedOf(args: object): WhenHandlerRemoved | undefined {
  return (args as { [kWhenRemoved]?: WhenHandlerRemoved })[kWhenRemoved]
}
