// What a resolver throws or wrongly returns becomes a defined answer: a thrown Response is
// the response; anything else is a 500 carrying the error, never a hang or an unhandled rejection.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import axios from 'axios'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

const server = setupServer()
const url = 'https://api.test/resource'

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  vi.restoreAllMocks()
})
afterAll(() => server.close())

describe('a thrown Response', () => {
  it('is sent as the mocked response, skipping later handlers', async () => {
    server.use(
      http.get(url, () => {
        throw HttpResponse.json({ reason: 'not allowed' }, { status: 403 })
      }),
      http.get(url, () => HttpResponse.text('never')),
    )
    const response = await fetch(url)
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({ reason: 'not allowed' })
  })

  it('works from an async resolver, and from a helper it calls', async () => {
    const requireSession = (cookies: Record<string, string>) => {
      if (!cookies.session) throw new HttpResponse(null, { status: 401 })
    }
    server.use(
      http.get(url, async ({ cookies }) => {
        await Promise.resolve()
        requireSession(cookies)
        return HttpResponse.text('welcome')
      }),
    )
    expect((await fetch(url)).status).toBe(401)
    expect(await (await fetch(url, { headers: { cookie: 'session=1' } })).text()).toBe('welcome')
  })

  it('a thrown HttpResponse.error() fails the request as a network error', async () => {
    server.use(
      http.get(url, () => {
        throw HttpResponse.error()
      }),
    )
    await expect(fetch(url)).rejects.toThrow(TypeError)
  })
})

describe('a thrown error', () => {
  it('answers 500 with {name, message, stack} as JSON and prints the error naming the handler', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(
      http.get(url, () => {
        throw new RangeError('resolver broke')
      }),
      http.get(url, () => HttpResponse.text('never')),
    )
    const response = await fetch(url)
    expect(response.status).toBe(500)
    expect(response.statusText).toBe('Unhandled Exception')
    expect(response.headers.get('content-type')).toBe('application/json')
    const body = await response.json()
    expect(body).toMatchObject({ name: 'RangeError', message: 'resolver broke' })
    expect(body.stack).toContain('RangeError: resolver broke')

    expect(error).toHaveBeenCalledTimes(1)
    const [message, thrown] = error.mock.calls[0]
    expect(message).toContain(`GET ${url}`)
    expect(message).toContain('[mocklib]')
    expect(thrown).toBeInstanceOf(RangeError)
  })

  it('a rejected promise behaves the same', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(http.post(url, async () => Promise.reject(new Error('async failure'))))
    const response = await fetch(url, { method: 'POST', body: 'x' })
    expect(response.status).toBe(500)
    expect(await response.json()).toMatchObject({ name: 'Error', message: 'async failure' })
  })

  it('a thrown string is sent as a JSON string', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(
      http.get(url, () => {
        throw 'plain string'
      }),
    )
    const response = await fetch(url)
    expect(response.status).toBe(500)
    expect(await response.json()).toBe('plain string')
  })

  it('reaches a ClientRequest-based client as a 500 too', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(
      http.get(url, () => {
        throw new Error('for axios')
      }),
    )
    const response = await axios.get(url, { validateStatus: () => true })
    expect(response.status).toBe(500)
    expect(response.data).toMatchObject({ name: 'Error', message: 'for axios' })
  })

  it('a custom predicate that throws answers 500 as well, and the report names the handler', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(
      http.get(
        () => {
          throw new Error('predicate broke')
        },
        () => HttpResponse.text('never'),
      ),
    )
    const response = await fetch(url)
    expect(response.status).toBe(500)
    expect(await response.json()).toMatchObject({ message: 'predicate broke' })
    expect(String(error.mock.calls[0][0])).toContain('"GET [custom predicate]"')
  })
})

describe('a return value that is not a Response', () => {
  it('answers 500 with a message that names the handler and says what to return', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(http.get(url, (() => ({ id: 1 })) as never))
    const response = await fetch(url)
    expect(response.status).toBe(500)
    const body = await response.json()
    expect(body.name).toBe('TypeError')
    expect(body.message).toContain(`"GET ${url}"`)
    expect(body.message).toContain('a plain object')
    expect(body.message).toContain('HttpResponse.json(')
  })

  it('a Response object reused across requests answers 500 with a clear message on the second request', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const shared = HttpResponse.json({ shared: true })
    server.use(http.get(url, () => shared))
    expect(await (await fetch(url)).json()).toEqual({ shared: true })
    const second = await fetch(url)
    expect(second.status).toBe(500)
    const body = await second.json()
    expect(body.message).toContain('already been read')
    expect(body.message).toContain('response.clone()')
  })
})
