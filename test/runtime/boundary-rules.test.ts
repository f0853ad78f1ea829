// server.boundary(callback), rule by rule.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

const url = 'https://api.test/resource'
const answer = (label: string) => http.get(url, () => HttpResponse.text(label))
const text = async () => (await fetch(url)).text()

const initial = answer('initial')
const server = setupServer(initial)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

describe('rule 2: the callback runs only when the returned function is called', () => {
  it('does not call the callback on boundary()', () => {
    let calls = 0
    const bound = server.boundary(() => calls++)
    expect(calls).toBe(0)
    bound()
    expect(calls).toBe(1)
  })
})

describe('rule 8: the returned function takes the arguments and returns what the callback returns', () => {
  it('passes arguments through and returns the result (sync and async)', async () => {
    const add = server.boundary((a: number, b: number) => a + b)
    expect(add(2, 3)).toBe(5)

    const route = server.boundary(async (id: string) => {
      server.use(http.get(url, () => HttpResponse.json({ id })))
      const upstream = await fetch(url)
      return new Response(await upstream.text(), { status: 201 })
    })
    const response = await route('42')
    expect(response).toBeInstanceOf(Response)
    expect(response.status).toBe(201)
    expect(await response.json()).toEqual({ id: '42' })
  })

  it('lets an error thrown by the callback reach the caller', async () => {
    const failing = server.boundary(async () => {
      throw new Error('from the callback')
    })
    await expect(failing()).rejects.toThrow('from the callback')
  })
})

describe('rules 3 and 4: overrides inside a boundary', () => {
  it('are prepended to the boundary list and answer inside it, in async children too', async () => {
    const override = answer('inside')
    await server.boundary(async () => {
      server.use(override)
      expect(server.listHandlers()).toEqual([override, initial])
      expect(await text()).toBe('inside')
      // A timer and a promise chain started in the boundary still see its overrides.
      const fromTimer = await new Promise<string>((resolve) => setTimeout(() => resolve(text()), 0))
      expect(fromTimer).toBe('inside')
      expect(await Promise.resolve().then(text)).toBe('inside')
    })()
  })

  it('are invisible outside the boundary, during and after it', async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let entered!: () => void
    const ready = new Promise<void>((resolve) => (entered = resolve))

    const running = server.boundary(async () => {
      server.use(answer('inside'))
      entered()
      await held
      return text()
    })()

    await ready
    expect(server.listHandlers()).toEqual([initial])
    expect(await text()).toBe('initial')
    release()
    expect(await running).toBe('inside')
    expect(await text()).toBe('initial')
  })
})

describe("rule 5: leaving needs no reset, and a reset inside removes only that boundary's overrides", () => {
  it('leaves the outer list untouched when the boundary ends', async () => {
    await server.boundary(async () => server.use(answer('inside')))()
    expect(server.listHandlers()).toEqual([initial])
    expect(await text()).toBe('initial')
  })

  it('resetHandlers() inside returns to the list the boundary started with', async () => {
    const outerOverride = answer('outer override')
    server.use(outerOverride)
    await server.boundary(async () => {
      server.use(answer('inside'))
      expect(await text()).toBe('inside')
      server.resetHandlers()
      expect(server.listHandlers()).toEqual([outerOverride, initial])
      expect(await text()).toBe('outer override')
    })()
    expect(server.listHandlers()).toEqual([outerOverride, initial])
  })

  it('resetHandlers(...list) inside replaces only the boundary list', async () => {
    const replacement = answer('replacement')
    await server.boundary(async () => {
      server.resetHandlers(replacement)
      expect(server.listHandlers()).toEqual([replacement])
      expect(await text()).toBe('replacement')
    })()
    expect(server.listHandlers()).toEqual([initial])
    expect(await text()).toBe('initial')
  })

  it('a reset outside does not reach into a running boundary', async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let entered!: () => void
    const ready = new Promise<void>((resolve) => (entered = resolve))
    const running = server.boundary(async () => {
      server.use(answer('inside'))
      entered()
      await held
      return text()
    })()
    await ready
    server.resetHandlers()
    release()
    expect(await running).toBe('inside')
  })
})

describe("rule 6: a nested boundary starts from the enclosing boundary's current list", () => {
  it('inherits initial handlers and overrides, and keeps its own changes', async () => {
    const outer = answer('outer')
    const inner = answer('inner')
    await server.boundary(async () => {
      server.use(outer)
      await server.boundary(async () => {
        expect(server.listHandlers()).toEqual([outer, initial])
        expect(await text()).toBe('outer')
        server.use(inner)
        expect(server.listHandlers()).toEqual([inner, outer, initial])
        expect(await text()).toBe('inner')
        server.resetHandlers()
        expect(server.listHandlers()).toEqual([outer, initial])
        server.use(inner)
      })()
      expect(server.listHandlers()).toEqual([outer, initial])
      expect(await text()).toBe('outer')
    })()
    expect(server.listHandlers()).toEqual([initial])
  })

  it('takes the enclosing list as it is when the nested function is called, not when it is created', async () => {
    await server.boundary(async () => {
      const nested = server.boundary(async () => text())
      server.use(answer('added after boundary()'))
      expect(await nested()).toBe('added after boundary()')
    })()
  })
})

describe("rule 7: parallel boundaries do not see each other's overrides", () => {
  it('two boundaries interleaving requests each get their own answers', async () => {
    // Lockstep: neither boundary sends its next request before both have had an answer.
    const steps = Array.from({ length: 5 }, () => {
      let arrived = 0
      let open!: () => void
      const opened = new Promise<void>((resolve) => (open = resolve))
      return () => {
        if (++arrived === 2) open()
        return opened
      }
    })
    const run = (label: string) =>
      server.boundary(async () => {
        server.use(answer(label))
        const seen: string[] = []
        for (const bothAnswered of steps) {
          seen.push(await text())
          await bothAnswered()
        }
        return seen
      })()
    const [a, b] = await Promise.all([run('A'), run('B')])
    expect(a).toEqual(Array(5).fill('A'))
    expect(b).toEqual(Array(5).fill('B'))
  })
})

describe('rule 9: a boundary on its own, for scoped introspection', () => {
  it("a catch-all handler inside logs only that scope's requests, then falls through", async () => {
    const seen: string[] = []
    const outside = fetch(url)
    await server.boundary(async () => {
      server.use(
        http.all('*', ({ request }) => {
          seen.push(`${request.method} ${request.url}`)
        }),
      )
      expect(await text()).toBe('initial')
      await fetch(url, { method: 'GET' })
    })()
    await outside
    expect(seen).toEqual([`GET ${url}`, `GET ${url}`])
  })
})
