// new WebSocketHandler(url) as MSW 2.14 users match URLs with it: parse({ url, resolutionContext })
// and test(url, resolutionContext), no listener needed. Compared with msw itself.
import { WebSocketHandler, ws } from 'mocklib'
import { WebSocketHandler as MswWebSocketHandler, ws as mswWs } from 'msw'
import { describe, expect, it } from 'vitest'

type Case = [handlerUrl: string, url: string, baseUrl?: string]

const parseCases: Case[] = [
  ['ws://localhost:3000', 'ws://localhost:3000/'],
  ['ws://localhost:3000/', 'ws://localhost:3000'],
  ['ws://localhost:3000/:room', 'ws://localhost:3000/lobby'],
  ['ws://localhost:3000', 'ws://localhost:3000/socket.io/?EIO=4&transport=websocket'],
  ['ws://localhost:3000/elsewhere', 'ws://localhost:3000/socket.io/?EIO=4&transport=websocket'],
  ['ws://localhost:3000', 'ws://localhost:3000/rooms/socket.io/1'],
  ['/api/ws', 'ws://localhost:3000/api/ws', 'ws://localhost:3000/'],
  ['/api/ws', 'ws://localhost:3000/api/other', 'ws://localhost:3000/'],
]

const testCases: Case[] = [
  ['ws://localhost/ws', 'ws://localhost/ws'],
  ['ws://localhost/ws', 'ws://localhost/other'],
  ['ws://localhost/ws', 'http://localhost/ws'],
  ['wss://localhost/ws', 'https://localhost/ws'],
  ['ws://localhost/ws', '/ws', 'ws://localhost'],
  ['ws://localhost/ws', '/other', 'ws://localhost'],
]

describe('WebSocketHandler used on its own, as in MSW', () => {
  it.each(parseCases)('parse(): %s against %s', (handlerUrl, url, baseUrl) => {
    const args = { url: new URL(url), resolutionContext: baseUrl === undefined ? undefined : { baseUrl } }
    const ours = new WebSocketHandler(handlerUrl).parse(args)
    expect(ours).toEqual(new MswWebSocketHandler(handlerUrl).parse(args))
  })

  it.each(testCases)('test(): %s against %s', (handlerUrl, url, baseUrl) => {
    const context = baseUrl === undefined ? undefined : { baseUrl }
    expect(new WebSocketHandler(handlerUrl).test(url, context)).toBe(
      new MswWebSocketHandler(handlerUrl).test(url, context),
    )
  })

  it('the answers themselves', () => {
    expect(
      new WebSocketHandler('ws://localhost:3000/:room').parse({ url: new URL('ws://localhost:3000/lobby') }),
    ).toEqual({
      match: { matches: true, params: { room: 'lobby' } },
    })
    expect(new WebSocketHandler('ws://localhost/ws').test(new URL('ws://localhost/ws'))).toBe(true)
    expect(new WebSocketHandler('ws://localhost/ws').test('ws://localhost/other')).toBe(false)
  })
})

describe('ws.link() with no URL, or with something that is not one', () => {
  it.each([undefined, 2])('says what MSW says (and what to pass): %s', (url) => {
    let mswMessage = ''
    try {
      mswWs.link(url as never)
    } catch (error) {
      mswMessage = (error as Error).message
    }
    expect(mswMessage).not.toBe('')
    expect(() => ws.link(url as never)).toThrow(mswMessage.replace(/^\[MSW\] /, ''))
    expect(() => ws.link(url as never)).toThrow(/Pass an absolute URL/)
  })
})
