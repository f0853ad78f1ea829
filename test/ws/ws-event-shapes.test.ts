// The events a connection listener receives have the members mocklib's own event types
// (WebSocketMessageEvent, WebSocketCloseEvent in src/ws/types.ts, declared without the DOM lib) promise.
import { ws, type WebSocketCloseEvent, type WebSocketMessageEvent } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { deferred, openSocket } from './socket'

const api = ws.link('wss://shapes.test/live')
const server = setupServer()

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

/** The members the declared types promise, read off a delivered event. */
function membersOf(event: object, names: string[]): Record<string, string> {
  const record = event as Record<string, unknown>
  return Object.fromEntries(names.map((name) => [name, typeof record[name]]))
}

const eventShape = {
  type: 'string',
  cancelable: 'boolean',
  defaultPrevented: 'boolean',
  timeStamp: 'number',
  preventDefault: 'function',
  stopPropagation: 'function',
  stopImmediatePropagation: 'function',
}
const eventMembers = Object.keys(eventShape)

it("the client's message and close events have the members WebSocketMessageEvent and WebSocketCloseEvent declare", async () => {
  const message = deferred<WebSocketMessageEvent>()
  const close = deferred<WebSocketCloseEvent>()
  server.use(
    api.addEventListener('connection', ({ client }) => {
      client.addEventListener('message', message.resolve)
      client.addEventListener('close', close.resolve)
    }),
  )
  const { socket, opened, closed } = openSocket('wss://shapes.test/live')
  await opened
  socket.send('hello')
  const sent = await message.promise
  expect([sent.type, sent.data, sent.cancelable]).toEqual(['message', 'hello', true])
  expect(membersOf(sent, eventMembers)).toEqual(eventShape)
  // The platform's MessageEvent, as a DOM-typed listener expects (types/ws-api.ts), with the socket's origin.
  expect(sent).toBeInstanceOf(MessageEvent)
  expect([(sent as MessageEvent).origin, (sent as MessageEvent).lastEventId]).toEqual(['wss://shapes.test', ''])
  socket.close(4001, 'bye')
  const ended = await close.promise
  await closed
  expect([ended.type, ended.code, ended.reason, typeof ended.wasClean]).toEqual(['close', 4001, 'bye', 'boolean'])
  expect(membersOf(ended, eventMembers)).toEqual(eventShape)
  // Node 20 and 22 have no global CloseEvent; where there is one, the close is one.
  expect(typeof CloseEvent === 'undefined' || ended instanceof CloseEvent).toBe(true)
})
