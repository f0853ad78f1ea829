// HttpResponse.error() fails the client's request as a network error, and a
// chosen status reaches the client as that status.
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import axios, { AxiosError } from 'axios'
import got from 'got'
import { http as rest, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

const server = setupServer(
  rest.get('http://api.test/broken', () => HttpResponse.error()),
  rest.get('http://api.test/status/:code', ({ params }) =>
    HttpResponse.json({ code: Number(params.code) }, { status: Number(params.code) }),
  ),
)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

describe('HttpResponse.error()', () => {
  it('rejects fetch with a TypeError', async () => {
    const failure = await fetch('http://api.test/broken').then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(failure).toBeInstanceOf(TypeError)
  })

  it('fails axios with a network error', async () => {
    const failure = await axios.get('http://api.test/broken').then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(failure).toBeInstanceOf(AxiosError)
    expect((failure as AxiosError).response).toBeUndefined()
  })

  it('emits an error on http.get', async () => {
    const failure = await new Promise<Error>((resolve) => {
      http.get('http://api.test/broken', () => resolve(new Error('got a response'))).on('error', resolve)
    })
    expect(failure.message).not.toBe('got a response')
    expect(failure).toBeInstanceOf(TypeError)
  })

  it('fails got with a request error, not an HTTP error', async () => {
    await expect(got('http://api.test/broken', { retry: { limit: 0 } })).rejects.toMatchObject({ name: 'RequestError' })
  })
})

describe('a chosen status', () => {
  for (const status of [400, 403, 409, 422, 500, 502, 503]) {
    it(`${status} reaches fetch and axios`, async () => {
      const viaFetch = await fetch(`http://api.test/status/${status}`)
      expect(viaFetch.status).toBe(status)
      expect(await viaFetch.json()).toEqual({ code: status })

      const viaAxios = await axios.get(`http://api.test/status/${status}`).catch((error: AxiosError) => error.response!)
      expect(viaAxios.status).toBe(status)
      expect(viaAxios.data).toEqual({ code: status })
    })
  }
})
