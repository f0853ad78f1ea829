// Bad input found by the reliability work: handler URLs that could never match and statuses
// no response can have are rejected where they are written, with a message saying what to change.
import { describe, expect, it } from 'vitest'
import { http, HttpResponse } from 'mocklib'

describe('a handler URL that is not a valid URL', () => {
  it.each(['https://exa mple.com/x', 'http://[::1/x', 'http:///x', 'https://'])('"%s" throws at definition', (url) => {
    expect(() => http.get(url, () => undefined)).toThrow(/is not a valid URL/)
  })

  it.each([
    'https://api.test/posts/:id',
    'http://*.api.test/x',
    'http://api.test:*/x',
    'http://[::1]:3000/x',
    'http://[fe80::abcd]/x',
    'https://api.test:8443/files/:name.json',
    'https://api.test/a b/:id',
  ])('"%s" is accepted', (url) => {
    expect(() => http.get(url, () => undefined)).not.toThrow()
  })
})

describe('a response status outside 100–999 (the range Node writes)', () => {
  it.each([0, 99, 1000, 99.5, Number.NaN, 'abc', '6000', null])('status %s throws a RangeError naming it', (status) => {
    expect(() => new HttpResponse(null, { status: status as number })).toThrow(RangeError)
    expect(() => HttpResponse.json({}, { status: status as number })).toThrow(`got ${String(status)}`)
  })

  it.each([100, 101, 103, 204, 599, 600, 999])('status %s is accepted', (status) => {
    expect(new HttpResponse(null, { status }).status).toBe(status)
  })

  // As the platform's Response reads it: a route param ('201'), a computed fraction.
  it.each([
    ['201', 201],
    [' 404 ', 404],
    [200.5, 200],
    [599.9, 599],
  ] as const)('status %j is read as %d', (status, expected) => {
    expect(new HttpResponse(null, { status: status as number }).status).toBe(expected)
    expect(HttpResponse.text('x', { status: status as number }).status).toBe(expected)
  })
})
