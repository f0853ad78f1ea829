// multipartIncrementalResponse(): how the later payloads of a @defer/@stream result are pumped
// into the multipart body — at the client's pace, ending with the closing delimiter, and a
// source that fails ending with an error part the clients read as a GraphQL error.
import { describe, expect, it } from 'vitest'
import { multipartIncrementalResponse } from '../../src/graphql/incremental-delivery'
import type { LegacyIncrementalPayload } from '../../src/graphql/incremental-format'
import { readMultipartJson } from '../helpers/multipart-reader'

const initial: LegacyIncrementalPayload = { data: { list: [] }, hasNext: true }
const item = (n: number, hasNext: boolean): LegacyIncrementalPayload => ({
  incremental: [{ items: [n], path: ['list', n] }],
  hasNext,
})

describe('multipartIncrementalResponse', () => {
  it('writes one part per payload of a sync or async source, then the closing delimiter', async () => {
    async function* later() {
      yield item(0, true)
      yield item(1, false)
    }
    const text = await multipartIncrementalResponse(initial, later()).text()
    expect(text.match(/\{"(data|incremental)".*?"hasNext":(true|false)\}/g)).toEqual([
      JSON.stringify(initial),
      JSON.stringify(item(0, true)),
      JSON.stringify(item(1, false)),
    ])
    expect(text.endsWith('\r\n-----\r\n')).toBe(true)
    expect(await multipartIncrementalResponse(initial, [item(0, false)]).text()).toContain(
      `\r\n\r\n${JSON.stringify(item(0, false))}\r\n-----\r\n`,
    )
  })

  it('a source that throws ends the body with an { errors, hasNext: false } part and the closing delimiter', async () => {
    async function* failing() {
      yield item(0, true)
      throw new Error('the list broke')
    }
    const parts: unknown[] = []
    for await (const part of readMultipartJson(multipartIncrementalResponse(initial, failing()))) parts.push(part)
    expect(parts).toEqual([
      initial,
      item(0, true),
      {
        errors: [{ message: 'mocklib could not produce the rest of this incremental result: the list broke' }],
        hasNext: false,
      },
    ])
  })

  it('asks the source for the next payload only once the client has read what was sent', async () => {
    let asked = 0
    const source: AsyncIterableIterator<LegacyIncrementalPayload> = {
      next: async () =>
        asked++ < 3 ? { value: item(asked, asked < 3), done: false } : { value: undefined, done: true },
      [Symbol.asyncIterator]() {
        return this
      },
    }
    const response = multipartIncrementalResponse(initial, source)
    // Every promise job the pump could run without the client has run once the next macrotask starts.
    await new Promise((resolve) => setImmediate(resolve))
    expect(asked).toBe(0) // the initial payload is unread
    const parts: unknown[] = []
    for await (const part of readMultipartJson(response)) parts.push(part)
    expect(parts).toEqual([initial, item(1, true), item(2, true), item(3, false)])
    expect(asked).toBe(4) // three payloads, then the end
  })
})
