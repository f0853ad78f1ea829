// The low-level utilities MSW 2.14 exports and extensions import (matchRequestUrl, cleanUrl,
// HttpMethods, onUnhandledRequest, handleRequest, UnhandledRequestError): same names, same
// answers as msw for the same input.
import * as msw from 'msw'
import * as mocklib from 'mocklib'
import { describe, expect, it, vi } from 'vitest'

describe('matchRequestUrl and cleanUrl', () => {
  const cases: Array<[string, string | RegExp, string?]> = [
    ['https://api.test/users/1?x=1#h', 'https://api.test/users/:id'],
    ['https://api.test/users/1/posts', 'https://api.test/users/:id'],
    ['https://api.test/files/a/b/c', 'https://api.test/files/*'],
    ['https://api.test/u/12?x=1', /\/u\/(\d+)/],
    ['https://api.test/other', /\/u\/(\d+)/],
    ['https://app.test/books/7', '/books/:id', 'https://app.test/'],
    ['https://api.test/books/7', '/books/:id', 'https://app.test/'],
  ]
  it.each(cases)('%s against %s gives what msw gives', (url, path, baseUrl) => {
    const ours = mocklib.matchRequestUrl(new URL(url), path, baseUrl)
    const theirs = msw.matchRequestUrl(new URL(url), path, baseUrl)
    expect(ours.matches).toBe(theirs.matches)
    if (theirs.matches) expect({ ...ours.params }).toEqual({ ...theirs.params })
  })

  it.each(['https://api.test/a?b=1#c', 'https://api.test/a#c?d', '/path?q', 'plain', '/user/:id?'])(
    'cleanUrl(%s)',
    (input) => {
      expect(mocklib.cleanUrl(input)).toBe(msw.cleanUrl(input))
    },
  )
})

it('HttpMethods has the same members and values as msw', () => {
  expect({ ...mocklib.HttpMethods }).toEqual({ ...msw.HttpMethods })
  const handler = new mocklib.HttpHandler(mocklib.HttpMethods.POST, 'https://api.test/x', () =>
    mocklib.HttpResponse.text('ok'),
  )
  expect(handler.info.header).toBe('POST https://api.test/x')
})

describe('onUnhandledRequest', () => {
  it("'warn' by default prints one warning naming the request, like msw", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      await mocklib.onUnhandledRequest(new Request('https://api.test/missing'))
      expect(warn).toHaveBeenCalledTimes(1)
      expect(String(warn.mock.calls[0][0])).toContain('GET https://api.test/missing')
    } finally {
      warn.mockRestore()
    }
  })

  it("'error' rejects with an UnhandledRequestError; 'bypass' resolves silently", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const request = new Request('https://api.test/missing', { method: 'POST' })
      await expect(mocklib.onUnhandledRequest(request, 'error')).rejects.toBeInstanceOf(mocklib.UnhandledRequestError)
      await expect(mocklib.onUnhandledRequest(request, 'bypass')).resolves.toBeUndefined()
      await expect(msw.onUnhandledRequest(request, 'bypass')).resolves.toBeUndefined()
    } finally {
      error.mockRestore()
    }
  })
})

describe('handleRequest (for middleware: the pipeline as a function)', () => {
  const handlers = [mocklib.http.get('https://api.test/user', () => mocklib.HttpResponse.json({ name: 'Ada' }))]

  it('answers a handled request, reporting the events and the handler', async () => {
    const events: string[] = []
    const emitter = { emit: (event: string, ..._payload: unknown[]) => events.push(event) }
    const onMockedResponse = vi.fn()
    const response = await mocklib.handleRequest(
      new Request('https://api.test/user'),
      'id-1',
      handlers,
      { onUnhandledRequest: 'bypass' },
      emitter,
      { onMockedResponse },
    )
    expect(await response?.json()).toEqual({ name: 'Ada' })
    expect(events).toEqual(['request:start', 'request:match', 'request:end'])
    expect(onMockedResponse).toHaveBeenCalledWith(response, { handler: handlers[0], response })
  })

  it('resolves undefined for an unhandled request and calls onPassthroughResponse; relative paths use resolutionContext', async () => {
    const onPassthroughResponse = vi.fn()
    const request = new Request('https://api.test/other')
    expect(
      await mocklib.handleRequest(request, 'id-2', handlers, { onUnhandledRequest: 'bypass' }, undefined, {
        onPassthroughResponse,
      }),
    ).toBeUndefined()
    expect(onPassthroughResponse).toHaveBeenCalledWith(request)

    const relative = [mocklib.http.get('/user', () => mocklib.HttpResponse.text('relative'))]
    const response = await mocklib.handleRequest(
      new Request('https://app.test/user'),
      'id-3',
      relative,
      {},
      undefined,
      {
        resolutionContext: { baseUrl: 'https://app.test/' },
      },
    )
    expect(await response?.text()).toBe('relative')
  })

  it("rejects under the 'error' strategy", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      await expect(
        mocklib.handleRequest(new Request('https://api.test/other'), 'id-4', handlers, { onUnhandledRequest: 'error' }),
      ).rejects.toBeInstanceOf(mocklib.UnhandledRequestError)
    } finally {
      error.mockRestore()
    }
  })
})
