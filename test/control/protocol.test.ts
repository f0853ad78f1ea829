import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ControlClient, ControlError } from 'mocklib/node'
import { describe, expect, it } from 'vitest'
import { PROBLEM_CONTENT_TYPE, problem } from '../../src/control/problem'
import {
  createToken,
  decodeHeaderPairs,
  encodeHeaderPairs,
  hasToken,
  isLoopback,
  parseOutcome,
  toHeaders,
} from '../../src/control/protocol'

describe('header pairs', () => {
  it('keep repeated set-cookie headers, their order and non-ASCII values through a real HTTP header', async () => {
    const headers = new Headers([['x-name', 'caf\u00e9']])
    headers.append('set-cookie', 'a=1; Path=/')
    headers.append('set-cookie', 'b=2, c')
    const encoded = encodeHeaderPairs(headers)
    expect(encoded).toMatch(/^[\x20-\x7e]+$/)
    // The encoded value crosses a real socket as a header and comes back the same.
    const server = createServer((request, response) => response.end(request.headers['x-mocklib-headers']))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const echoed = await (
      await fetch(`http://127.0.0.1:${port}/`, { headers: { 'x-mocklib-headers': encoded } })
    ).text()
    server.close()
    const decoded = toHeaders(decodeHeaderPairs(echoed))
    expect(decoded.getSetCookie()).toEqual(['a=1; Path=/', 'b=2, c'])
    expect(decoded.get('x-name')).toBe('caf\u00e9')
  })

  it('refuse malformed values, naming the header', () => {
    expect(() => decodeHeaderPairs('{')).toThrow(/x-mocklib-headers is not JSON/)
    expect(() => decodeHeaderPairs('[["a"]]')).toThrow(/\[name, value\] string pairs/)
    expect(decodeHeaderPairs(null)).toEqual([])
    expect(() => parseOutcome('maybe')).toThrow(/x-mocklib-outcome is "maybe"/)
    expect(parseOutcome('network-error')).toBe('network-error')
  })
})

describe('tokens', () => {
  it('are 32 url-safe characters, different each time, and checked exactly', () => {
    const token = createToken()
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(createToken()).not.toBe(token)
    expect(hasToken(`Bearer ${token}`, token)).toBe(true)
    expect(hasToken(`bearer ${token}`, token)).toBe(true)
    expect(hasToken(`Bearer ${token}x`, token)).toBe(false)
    expect(hasToken(`Bearer ${token.slice(0, -1)}`, token)).toBe(false)
    expect(hasToken(token, token)).toBe(false)
    expect(hasToken(undefined, token)).toBe(false)
  })

  it('loopback hosts are told from the others', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.1.2.3']) expect(isLoopback(host)).toBe(true)
    for (const host of ['0.0.0.0', '::', '192.168.1.2', 'example.com']) expect(isLoopback(host)).toBe(false)
  })
})

describe('ControlClient', () => {
  it('sends the token and throws the problem document of an error answer', async () => {
    const seen: Array<string | undefined> = []
    const server = createServer((request, response) => {
      seen.push(request.headers.authorization)
      response.writeHead(401, { 'content-type': PROBLEM_CONTENT_TYPE })
      response.end(JSON.stringify(problem(401, 'Send the token as "Authorization: Bearer <token>".')))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const client = new ControlClient({ url: `http://127.0.0.1:${port}/ignored`, token: 'secret' })
    const error = await client.handlers().catch((caught: unknown) => caught)
    server.close()
    expect(error).toBeInstanceOf(ControlError)
    expect((error as ControlError).problem).toMatchObject({ status: 401, title: 'Unauthorized' })
    expect((error as ControlError).message).toMatch(/^401 Unauthorized: Send the token/)
    expect(seen).toEqual(['Bearer secret'])
  })
})
