// A WebSocket connection no `ws.link` took is explained as an unhandled HTTP request is: the link
// that came closest and why (its origin, the path segment that differs, the subprotocol a
// GraphQL subscription handler asks for, a `once` link already spent), in the unhandled message,
// the onUnhandledRequest callback, the history entry and the unused-handler report.
import { graphql, ws, type NearMiss, type RequestHandler } from 'mocklib'
import { setupServer, type SetupServer } from 'mocklib/node'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { openSocket } from './socket'

let open: SetupServer | undefined
afterEach(() => {
  open?.close()
  open = undefined
  vi.restoreAllMocks()
})

const chatLink = (url: string) => ws.link(url).addEventListener('connection', ({ client }) => client.send('hello'))

/**
 * Listens with a strategy that refuses what no handler takes (a connection then fails instead of
 * reaching the network); returns the near miss the strategy was last handed.
 */
function listenRefusing(server: SetupServer): () => Promise<NearMiss<RequestHandler> | undefined> | undefined {
  let closest: Promise<NearMiss<RequestHandler> | undefined> | undefined
  server.listen({
    onUnhandledRequest: (_request, { nearMiss }) => {
      closest = nearMiss()
      throw new Error('unhandled')
    },
  })
  return () => closest
}

/** A connection no handler takes, and its near miss. */
async function refusedConnection(url: string, protocols?: string): Promise<NearMiss<RequestHandler> | undefined> {
  const closest = listenRefusing(open as SetupServer)
  await openSocket(url, protocols).closed
  return closest()
}

describe('near misses of a WebSocket connection no link took', () => {
  it('names the link whose path segment differs, in the callback and the history', async () => {
    const chat = chatLink('wss://chat.test/rooms/:room/messages')
    const other = chatLink('wss://chat.test/status')
    open = setupServer(chat, other)
    const miss = await refusedConnection('wss://chat.test/room/lobby/messages')

    expect(miss?.handler).toBe(chat)
    expect(miss?.reasons).toEqual([{ kind: 'path', segment: 1, expected: 'rooms', received: 'room' }])
    expect(miss?.message).toMatch(
      /^The closest handler, "ws wss:\/\/chat\.test\/rooms\/:room\/messages" \(declared at /,
    )
    expect(miss?.message).toMatch(
      /ws-near-misses\.test\.ts:\d+:\d+\), did not match: path segment 1 differs: "room" here, "rooms" in the handler\.$/,
    )
    const [entry] = open.history
    expect([entry.url, entry.reason, entry.nearMiss?.handler]).toEqual([
      'wss://chat.test/room/lobby/messages',
      'unhandled',
      chat,
    ])
  })

  it('prints the near miss in the unhandled-request error', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    open = setupServer(chatLink('wss://chat.test/rooms/:room'))
    open.listen({ onUnhandledRequest: 'error' })
    await openSocket('wss://chat.example/rooms/lobby').closed
    const printed = error.mock.calls.map((call) => String(call[0])).join('\n')
    expect(printed).toContain('wss://chat.example/rooms/lobby')
    expect(printed).toContain('did not match: its origin is wss://chat.test, this is wss://chat.example')
  })

  it('reports the closest connection for a link no connection reached, at close()', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const chat = chatLink('wss://chat.test/rooms/:room')
    open = setupServer(chat)
    open.listen({ onUnhandledRequest: () => Promise.reject(new Error('refused')), onUnusedHandler: 'warn' })
    await openSocket('wss://chat.test/room/a').closed
    open.close()
    open = undefined
    expect(warn).toHaveBeenCalledTimes(1)
    expect(String(warn.mock.calls[0]?.[0])).toContain(
      'closest request: GET wss://chat.test/room/a: path segment 1 differs: "room" here, "rooms" in the handler',
    )
  })

  it('says which subprotocol a GraphQL subscription handler wants', async () => {
    const onTick = graphql.subscription('OnTick', () => undefined)
    open = setupServer(onTick)
    const miss = await refusedConnection('wss://api.test/graphql', 'chat.v2')
    expect(miss?.handler).toBe(onTick)
    expect(miss?.reasons).toEqual([
      { kind: 'protocol', expected: 'graphql-transport-ws or graphql-ws', received: 'chat.v2' },
    ])
    expect(miss?.message).toContain(
      'it takes connections that ask for the subprotocol graphql-transport-ws or graphql-ws, this one asks for "chat.v2"',
    )
  })

  it('names a spent once link, which pendingHandlers() listed until its connection', async () => {
    const once = ws.link('wss://chat.test/once').addEventListener('connection', ({ client }) => client.send('hi'), {
      once: true,
    })
    open = setupServer(once)
    const closest = listenRefusing(open)
    expect(open.pendingHandlers()).toEqual([once])
    const taken = openSocket('wss://chat.test/once')
    expect((await taken.nextMessage()).data).toBe('hi')
    expect(open.pendingHandlers()).toEqual([])
    await openSocket('wss://chat.test/once').closed

    expect((await closest())?.reasons).toEqual([{ kind: 'once' }])
    expect(open.history.map((entry) => [entry.handler, entry.reason, entry.nearMiss?.reasons])).toEqual([
      [once, undefined, undefined],
      [undefined, 'unhandled', [{ kind: 'once' }]],
    ])
    expect(once.calls).toHaveLength(1)
    taken.socket.close()
  })

  it('leaves ws links out of the near misses of an HTTP request', async () => {
    open = setupServer(chatLink('wss://chat.test/rooms/:room'))
    const closest = listenRefusing(open)
    await fetch('https://chat.test/rooms/a').catch(() => undefined)
    expect(closest()).toBeDefined()
    expect(await closest()).toBeUndefined()
  })
})
