// Errors carry stable codes: users and tests match `error.code`, not the wording.
import { describe, expect, it } from 'vitest'
import {
  bypass,
  delay,
  getResponse,
  graphql,
  http,
  MocklibTypeError,
  UnhandledRequestError,
  onUnhandledRequest,
} from 'mocklib'
import { setupServer } from 'mocklib/node'
import { BodyMismatchError, createSchemaExecutor } from 'mocklib/schema'

function thrown(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('expected a throw')
}

describe('error codes', () => {
  it('MOCKLIB_INVALID_HANDLERS: something that is not a handler, or an array of them', () => {
    for (const bad of [[{}], [[http.get('https://api.test/a', () => undefined)]]]) {
      const error = thrown(() => setupServer(...(bad as never[])))
      expect(error).toBeInstanceOf(MocklibTypeError)
      expect(error).toBeInstanceOf(TypeError)
      expect((error as MocklibTypeError).code).toBe('MOCKLIB_INVALID_HANDLERS')
    }
  })

  it('MOCKLIB_INVALID_ARGUMENT: a resolver that is not a function, a bad path, an unknown strategy, a bad option', async () => {
    expect(thrown(() => http.get('https://api.test/a', 'nope' as never))).toMatchObject({
      code: 'MOCKLIB_INVALID_ARGUMENT',
    })
    expect(thrown(() => http.get('https://api.test/x/(', () => undefined))).toMatchObject({
      code: 'MOCKLIB_INVALID_ARGUMENT',
    })
    expect(thrown(() => graphql.query(42 as never, () => undefined))).toMatchObject({
      code: 'MOCKLIB_INVALID_ARGUMENT',
    })
    expect(thrown(() => setupServer().listen({ onUnhandledRequest: 'loud' as never }))).toMatchObject({
      code: 'MOCKLIB_INVALID_ARGUMENT',
    })
    await expect(delay('soon' as never)).rejects.toMatchObject({ code: 'MOCKLIB_INVALID_ARGUMENT' })
    expect(
      thrown(() => createSchemaExecutor({ typeDefs: 'type Query { a: Int }', documentCacheSize: 0 })),
    ).toMatchObject({ code: 'MOCKLIB_INVALID_ARGUMENT' })
  })

  it('MOCKLIB_INVALID_RESPONSE: a resolver answering with something that is not a Response', async () => {
    const handlers = [http.get('https://api.test/a', () => ({ ok: true }) as never)]
    await expect(getResponse(handlers, new Request('https://api.test/a'))).rejects.toMatchObject({
      code: 'MOCKLIB_INVALID_RESPONSE',
    })
  })

  it('MOCKLIB_BODY_USED: bypass() of a request whose body was read', async () => {
    const request = new Request('https://api.test/a', { method: 'POST', body: 'x' })
    await request.text()
    expect(thrown(() => bypass(request))).toMatchObject({ code: 'MOCKLIB_BODY_USED' })
  })

  it("MOCKLIB_UNHANDLED_REQUEST: the 'error' strategy", async () => {
    const error = await onUnhandledRequest(new Request('https://api.test/none'), 'error').catch(
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(UnhandledRequestError)
    expect((error as UnhandledRequestError).code).toBe('MOCKLIB_UNHANDLED_REQUEST')
  })

  it('MOCKLIB_BODY_MISMATCH: BodyMismatchError has its code', () => {
    expect(new BodyMismatchError('x', []).code).toBe('MOCKLIB_BODY_MISMATCH')
  })
})
