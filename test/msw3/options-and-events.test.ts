// MSW 3's options and events on mocklib: onUnhandledFrame beside onUnhandledRequest (the
// migration guide's 3.x snippets), and 'request:match' naming the handler that took the request.
import { http, HttpResponse } from 'mocklib/http'
import { MocklibTypeError, type RequestHandler } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { startRecordingServer } from '../helpers/recording-server'

const server = setupServer(http.get('https://api.example.com/user', () => HttpResponse.json({ name: 'John' })))
afterEach(() => {
  server.close()
  server.events.removeAllListeners()
  vi.restoreAllMocks()
})

describe('onUnhandledFrame', () => {
  it("'error' fails an unhandled request and prints why, as onUnhandledRequest: 'error' does", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.listen({ onUnhandledFrame: 'error' })
    await expect(fetch('https://api.example.com/unknown')).rejects.toThrow()
    expect(String(error.mock.calls[0]?.[0])).toContain('no handler matched GET https://api.example.com/unknown')
    expect(await (await fetch('https://api.example.com/user')).json()).toEqual({ name: 'John' })
  })

  it("'bypass' sends an unhandled request to the real server silently", async () => {
    const real = await startRecordingServer((_request, response) => response.end('real'))
    const warn = vi.spyOn(console, 'warn')
    try {
      server.listen({ onUnhandledFrame: 'bypass' })
      expect(await (await fetch(`${real.origin}/a`)).text()).toBe('real')
      expect(warn).not.toHaveBeenCalled()
    } finally {
      await real.close()
    }
  })

  it('a callback gets { frame, defaults }: an http frame with the request, defaults.warn() printing the warning', async () => {
    const real = await startRecordingServer((_request, response) => response.end('real'))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const frames: Array<{ protocol: string; url: string }> = []
    const warned = new Promise<void>((resolve) => warn.mockImplementation(() => resolve()))
    try {
      server.listen({
        onUnhandledFrame({ frame, defaults }) {
          if (frame.protocol === 'http') frames.push({ protocol: frame.protocol, url: frame.data.request.url })
          if (frame.protocol === 'http' && frame.data.request.url.includes('cdn')) return
          defaults.warn()
        },
      })
      expect(await (await fetch(`${real.origin}/cdn/lib.js`)).text()).toBe('real')
      expect(warn).not.toHaveBeenCalled()
      expect(await (await fetch(`${real.origin}/api`)).text()).toBe('real')
      await warned
      expect(String(warn.mock.calls[0]?.[0])).toContain(`no handler matched GET ${real.origin}/api`)
      expect(frames).toEqual([
        { protocol: 'http', url: `${real.origin}/cdn/lib.js` },
        { protocol: 'http', url: `${real.origin}/api` },
      ])
    } finally {
      await real.close()
    }
  })

  it('a callback that throws answers 500, as an onUnhandledRequest callback does', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.listen({
      onUnhandledFrame() {
        throw new Error('no unhandled requests here')
      },
    })
    const response = await fetch('https://api.example.com/unknown')
    expect(response.status).toBe(500)
    expect(await response.text()).toContain('no unhandled requests here')
    expect(error).toHaveBeenCalled()
  })

  it('is refused with a clear error when given with onUnhandledRequest, or with an unknown strategy', () => {
    expect(() => server.listen({ onUnhandledRequest: 'warn', onUnhandledFrame: 'error' })).toThrow(
      /server\.listen\(\) received both onUnhandledRequest and onUnhandledFrame/,
    )
    // @ts-expect-error Not a strategy.
    expect(() => server.listen({ onUnhandledFrame: 'ignore' })).toThrow(MocklibTypeError)
    // @ts-expect-error Not a strategy.
    expect(() => server.listen({ onUnhandledFrame: 'ignore' })).toThrow(/Unknown onUnhandledFrame strategy "ignore"/)
  })
})

describe("'request:match'", () => {
  it('names the handler that took the request (MSW 3), after its resolver ran', async () => {
    const matched: Array<{ handler: RequestHandler; url: string; requestId: string }> = []
    server.events.on('request:match', ({ handler, request, requestId }) =>
      matched.push({ handler, url: request.url, requestId }),
    )
    server.listen()
    await fetch('https://api.example.com/user')
    const [listed] = server.listHandlers()
    expect(matched).toEqual([{ handler: listed, url: 'https://api.example.com/user', requestId: expect.any(String) }])
    expect(matched[0].handler.info.header).toBe('GET https://api.example.com/user')
  })
})
