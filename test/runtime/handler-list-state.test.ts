// The handler list's states and transitions, observed through listHandlers()
// and through what a real request receives.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

const url = 'https://api.test/resource'
const answer = (label: string) => http.get(url, () => HttpResponse.text(label))
const text = async () => (await fetch(url)).text()

const initialA = answer('initial A')
const initialB = http.get('https://api.test/other', () => HttpResponse.text('initial B'))
const server = setupServer(initialA, initialB)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

describe('initial handlers only', () => {
  it('lists the handlers given to setupServer(), in order', () => {
    expect(server.listHandlers()).toEqual([initialA, initialB])
  })

  it('answers with the initial handler', async () => {
    expect(await text()).toBe('initial A')
  })
})

describe('use(...handlers)', () => {
  it('prepends runtime handlers, which then take precedence', async () => {
    const override = answer('override')
    server.use(override)
    expect(server.listHandlers()).toEqual([override, initialA, initialB])
    expect(await text()).toBe('override')
  })

  it('keeps the order within one call and puts a later call first', async () => {
    const first = answer('first')
    const second = answer('second')
    const later = answer('later')
    server.use(first, second)
    expect(server.listHandlers()).toEqual([first, second, initialA, initialB])
    expect(await text()).toBe('first')

    server.use(later)
    expect(server.listHandlers()).toEqual([later, first, second, initialA, initialB])
    expect(await text()).toBe('later')
  })

  it('returns a list that later use() calls do not change under the caller', () => {
    const before = server.listHandlers()
    server.use(answer('override'))
    expect(before).toEqual([initialA, initialB])
  })
})

describe('resetHandlers()', () => {
  it('with no arguments removes every runtime handler', async () => {
    server.use(answer('one'), answer('two'))
    server.resetHandlers()
    expect(server.listHandlers()).toEqual([initialA, initialB])
    expect(await text()).toBe('initial A')
  })

  it('with a list makes it the initial list, which later resets return to', async () => {
    const replacement = answer('replacement')
    server.use(answer('override'))
    server.resetHandlers(replacement)
    expect(server.listHandlers()).toEqual([replacement])
    expect(await text()).toBe('replacement')

    server.use(answer('override again'))
    server.resetHandlers()
    expect(server.listHandlers()).toEqual([replacement])
    expect(await text()).toBe('replacement')

    // Put the original initial list back for the other tests.
    server.resetHandlers(initialA, initialB)
    expect(server.listHandlers()).toEqual([initialA, initialB])
  })

  it('restarts generator resolvers', async () => {
    server.use(
      http.get(url, function* () {
        yield HttpResponse.text('step 1')
        yield HttpResponse.text('step 2')
        return HttpResponse.text('done')
      }),
    )
    const generator = server.listHandlers()[0]
    expect(await text()).toBe('step 1')
    expect(await text()).toBe('step 2')
    server.resetHandlers(generator, initialA)
    expect(await text()).toBe('step 1')
    server.resetHandlers(initialA, initialB)
  })

  it('does not let a used once handler answer again (restoreHandlers() does)', async () => {
    const once = http.get(url, () => HttpResponse.text('once'), { once: true })
    server.resetHandlers(once, initialA)
    expect(await text()).toBe('once')
    expect(await text()).toBe('initial A')

    server.resetHandlers()
    expect(await text()).toBe('initial A')
    server.resetHandlers(initialA, initialB)
  })
})

describe('restoreHandlers()', () => {
  it('lets used once handlers answer again, keeping the list as it is', async () => {
    const once = http.get(url, () => HttpResponse.text('once'), { once: true })
    server.use(once)
    expect(await text()).toBe('once')
    expect(await text()).toBe('initial A')

    server.restoreHandlers()
    expect(server.listHandlers()).toEqual([once, initialA, initialB])
    expect(await text()).toBe('once')
    expect(await text()).toBe('initial A')
  })

  it('restarts the generators of once handlers; other generators keep their progress (as in MSW)', async () => {
    server.use(
      http.get(url, function* () {
        yield HttpResponse.text('step 1')
        return HttpResponse.text('done')
      }),
    )
    expect(await text()).toBe('step 1')
    expect(await text()).toBe('done')
    server.restoreHandlers()
    expect(await text()).toBe('done')

    server.resetHandlers()
    server.use(
      http.get(
        url,
        function* () {
          yield HttpResponse.text('once step 1')
          return HttpResponse.text('once done')
        },
        { once: true },
      ),
    )
    expect(await text()).toBe('once step 1')
    expect(await text()).toBe('once done')
    expect(await text()).toBe('initial A')
    server.restoreHandlers()
    expect(await text()).toBe('once step 1')
  })
})

describe('listHandlers()', () => {
  it('returns a read-only view: changing it cannot reorder the server list', async () => {
    server.use(answer('override'))
    const listed = server.listHandlers() as unknown[]
    expect(() => listed.reverse()).toThrow(TypeError)
    expect(() => listed.push(initialB)).toThrow(TypeError)
    expect(await text()).toBe('override')
  })
})
