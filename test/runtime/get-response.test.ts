// getResponse(handlers, request): the handler list run directly, with no server, events or
// unhandled-request strategy.
import { describe, expect, it } from 'vitest'
import { getResponse, http, HttpResponse, isPassthroughResponse, passthrough } from 'mocklib'

describe('getResponse()', () => {
  it('resolves to the response of the first handler that answers', async () => {
    const handlers = [
      http.get('https://api.test/user/:id', () => undefined),
      http.get('https://api.test/user/:id', ({ params }) => HttpResponse.json({ id: params.id })),
      http.get('https://api.test/user/:id', () => HttpResponse.json('never')),
    ]
    const response = await getResponse(handlers, new Request('https://api.test/user/5'))
    expect(response?.status).toBe(200)
    expect(await response?.json()).toEqual({ id: '5' })
  })

  it('resolves to undefined when nothing matches or nothing answers', async () => {
    const handlers = [http.get('https://api.test/a', () => undefined)]
    expect(await getResponse(handlers, new Request('https://api.test/b'))).toBeUndefined()
    expect(await getResponse(handlers, new Request('https://api.test/a'))).toBeUndefined()
    expect(await getResponse([], new Request('https://api.test/a'))).toBeUndefined()
  })

  it('resolves to the passthrough marker when a handler asks for passthrough', async () => {
    const response = await getResponse([http.get('https://api.test/a', () => passthrough())], new Request('https://api.test/a'))
    expect(response).toBeInstanceOf(Response)
    expect(isPassthroughResponse(response!)).toBe(true)
  })

  it("rejects with a resolver's error", async () => {
    const handlers = [
      http.get('https://api.test/a', () => {
        throw new Error('resolver failed')
      }),
    ]
    await expect(getResponse(handlers, new Request('https://api.test/a'))).rejects.toThrow('resolver failed')
  })

  it('leaves the request body readable after a handler read it', async () => {
    const request = new Request('https://api.test/echo', { method: 'POST', body: 'payload' })
    const response = await getResponse(
      [http.post('https://api.test/echo', async ({ request }) => HttpResponse.text(await request.text()))],
      request,
    )
    expect(await response?.text()).toBe('payload')
    expect(await request.text()).toBe('payload')
  })

  it('rejects an array passed as one handler with a clear error', async () => {
    const handlers = [http.get('https://api.test/a', () => undefined)]
    await expect(getResponse([handlers] as never, new Request('https://api.test/a'))).rejects.toThrow(/Spread it instead/)
  })
})
