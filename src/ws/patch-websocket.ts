import { createInterceptedWebSocket, type ConnectionListener } from './intercepted-websocket'
import { socketEvents } from './socket-events'

/** A patched global WebSocket; `restore()` puts the realm's own class back. */
export interface WebSocketPatch {
  restore(): void
}

interface Scope {
  WebSocket?: typeof WebSocket
  EventTarget: typeof EventTarget
  Event: typeof Event
  MessageEvent?: typeof MessageEvent
  CloseEvent?: typeof CloseEvent
}

/**
 * Runs the construction of a real socket (a passthrough): the Node source marks it, so that its
 * handshake, made with the platform's WebSocket, which is undici there, reaches the network
 * even when the undici source is on (sources/node-shared/network-scope.ts).
 */
export type RealSocketScope = <T>(open: () => T) => T

/**
 * Puts mocklib's WebSocket class (intercepted-websocket.ts) in place of the scope's own, so every
 * socket created from then on goes to `listener`. Where the scope has no WebSocket (Node 20
 * without --experimental-websocket), nothing is patched and undefined is returned.
 *
 * `restore()` gives back the original property exactly (a lazy getter stays a getter), if the
 * global still holds mocklib's class; if someone replaced it since, theirs stays. Either way,
 * the class stops intercepting: a socket made later from a copy of it is a real one.
 */
export function patchWebSocket(
  scope: Scope,
  listener: ConnectionListener,
  realScope?: RealSocketScope,
): WebSocketPatch | undefined {
  const Platform = scope.WebSocket
  if (typeof Platform !== 'function') return undefined
  const Original =
    realScope === undefined
      ? Platform
      : new Proxy(Platform, {
          construct: (target, args, newTarget) => realScope(() => Reflect.construct(target, args, newTarget) as object),
        })
  const descriptor = Object.getOwnPropertyDescriptor(scope, 'WebSocket')
  let active = true
  const events = socketEvents({ Event: scope.Event, MessageEvent: scope.MessageEvent, CloseEvent: scope.CloseEvent })
  const Intercepted = createInterceptedWebSocket(
    { Original, EventTarget: scope.EventTarget, events },
    listener,
    () => active,
  )
  Object.defineProperty(scope, 'WebSocket', {
    value: Intercepted,
    writable: true,
    configurable: true,
    enumerable: descriptor?.enumerable ?? false,
  })
  return {
    restore() {
      if (!active) return
      active = false
      if (scope.WebSocket !== Intercepted) return
      if (descriptor === undefined) delete scope.WebSocket
      else Object.defineProperty(scope, 'WebSocket', descriptor)
    },
  }
}
