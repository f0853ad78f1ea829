// Bad input to setupServer(), use(), resetHandlers(), listen() and boundary() throws an error
// that says what was wrong and what to do instead.
import { afterEach, describe, expect, it } from 'vitest'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

const handler = http.get('https://api.test/a', () => HttpResponse.text('a'))
const handlers = [handler, http.get('https://api.test/b', () => HttpResponse.text('b'))]

describe('an array passed instead of spread handlers', () => {
  it('setupServer([...]) throws, saying to spread it', () => {
    expect(() => setupServer(handlers as never)).toThrow(
      '[mocklib] setupServer() received an array of handlers. Spread it instead: setupServer(...handlers).',
    )
  })

  it('server.use([...]) and server.resetHandlers([...]) throw the same way', () => {
    const server = setupServer()
    expect(() => server.use(handlers as never)).toThrow(
      /server\.use\(\) received an array of handlers.*server\.use\(\.\.\.handlers\)/,
    )
    expect(() => server.resetHandlers(handlers as never)).toThrow(
      /server\.resetHandlers\(\) received an array of handlers/,
    )
    expect(() => server.use(handler, handlers as never)).toThrow(/Spread it instead/)
  })
})

describe('values that are not handlers', () => {
  it('names the position and the kind of value received', () => {
    expect(() => setupServer(handler, undefined as never)).toThrow(
      /setupServer\(\) received undefined as handler #2, which is not a request handler/,
    )
    expect(() => setupServer({ path: '/a' } as never)).toThrow(/received a plain object as handler #1/)
    const server = setupServer()
    expect(() => server.use((() => undefined) as never)).toThrow(/server\.use\(\) received a function as handler #1/)
    expect(() => server.use('GET /a' as never)).toThrow(/received string "GET \/a" as handler #1/)
  })

  it('resetHandlers() given a test context (afterEach(server.resetHandlers)) says how to write the hook', () => {
    const { resetHandlers } = setupServer(handler)
    const context = { task: { name: 'a test' }, expect }
    expect(() => resetHandlers(context as never)).toThrow(
      /server\.resetHandlers\(\) received a plain object as handler #1.*write afterEach\(\(\) => server\.resetHandlers\(\)\)/,
    )
  })

  it('a failed use() leaves the list unchanged', () => {
    const server = setupServer(handler)
    expect(() => server.use(handler, null as never)).toThrow()
    expect(server.listHandlers()).toEqual([handler])
  })
})

describe('handler construction', () => {
  it('an empty path throws, suggesting a path', () => {
    expect(() => http.get('', () => undefined)).toThrow(/http\.get\(\) received an empty path/)
  })

  it('a predicate that is not a string, RegExp or function throws', () => {
    expect(() => http.post(42 as never, () => undefined)).toThrow(
      /http\.post\(\) needs a path string, a RegExp or a predicate function as its first argument, got number 42/,
    )
  })

  it('a missing resolver throws, naming the handler', () => {
    expect(() => http.get('https://api.test/a', undefined as never)).toThrow(
      /The handler "GET https:\/\/api\.test\/a" needs a resolver function as its second argument, got undefined/,
    )
  })
})

describe('listen()', () => {
  const server = setupServer()
  afterEach(() => server.close())

  it('a second listen() throws, saying to call close() first', () => {
    server.listen()
    expect(() => server.listen()).toThrow(
      /server\.listen\(\) was called while the server is already listening.*server\.close\(\)/,
    )
  })

  it('an unknown onUnhandledRequest strategy throws', () => {
    expect(() => server.listen({ onUnhandledRequest: 'warning' as never })).toThrow(
      /Unknown onUnhandledRequest strategy "warning"/,
    )
  })
})

describe('boundary()', () => {
  it('throws when given something other than a function', () => {
    const server = setupServer()
    expect(() => server.boundary('not a function' as never)).toThrow(
      /server\.boundary\(callback\) needs a function to wrap/,
    )
  })
})
