// React Native's Hermes engine polyfills Event and MessageEvent without stopPropagation,
// stopImmediatePropagation or preventDefault: mocklib/native must load, listen and answer with
// those classes in place (MSW's issue #2666 was a crash on exactly this).
import { afterAll, expect, it, vi } from 'vitest'

class HermesLikeEvent {
  readonly type: string
  constructor(type: string) {
    this.type = type
  }
}
class HermesLikeMessageEvent extends HermesLikeEvent {
  readonly data: unknown
  constructor(type: string, init?: { data?: unknown }) {
    super(type)
    this.data = init?.data ?? null
  }
}

vi.stubGlobal('Event', HermesLikeEvent)
vi.stubGlobal('MessageEvent', HermesLikeMessageEvent)
afterAll(() => vi.unstubAllGlobals())

it('loads, listens and answers fetch with Hermes-like Event classes', async () => {
  vi.resetModules()
  const { setupServer } = await import('mocklib/native')
  const { http, HttpResponse } = await import('mocklib')
  const server = setupServer(http.get('http://app.test/ping', () => HttpResponse.text('pong')))
  server.listen({ onUnhandledRequest: 'error' })
  try {
    expect(await (await fetch('http://app.test/ping')).text()).toBe('pong')
  } finally {
    server.close()
  }
})
