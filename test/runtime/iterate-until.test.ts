// iterateUntil(): the loop that reads incremental payloads into a multipart body and
// subscription.from() results into a subscription, and lets go of its source when told.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it, vi } from 'vitest'
import { iterateUntil } from '../../src/runtime/iterate-until'
import { parkedSource } from '../helpers/parked-source'

describe('iterateUntil', () => {
  it('hands over every value of a sync or async source, in order, each after the previous one settled', async () => {
    async function* parts() {
      yield 1
      yield 2
    }
    const seen: number[] = []
    expect(
      await iterateUntil(parts(), new AbortController().signal, async (n) => void seen.push(await Promise.resolve(n))),
    ).toBe('done')
    expect(await iterateUntil([3], new AbortController().signal, (n) => void seen.push(n))).toBe('done')
    expect(seen).toEqual([1, 2, 3])
  })

  it('rejects with what the source threw', async () => {
    async function* failing() {
      yield 1
      throw new Error('source broke')
    }
    await expect(iterateUntil(failing(), new AbortController().signal, () => {})).rejects.toThrow('source broke')
  })

  it('on abort stops waiting for the next value and calls return() on a source parked in next()', async () => {
    const { source, returned } = parkedSource([1])
    const stop = new AbortController()
    const first = new Promise<number>(
      (resolve) => void iterateUntil(source, stop.signal, resolve).then((end) => expect(end).toBe('stopped')),
    )
    expect(await first).toBe(1) // the loop now waits in next(), which only return() ends
    stop.abort()
    await returned
  })

  it('on abort stops waiting for a value that is still being handled, and closes the source', async () => {
    const { source, returned } = parkedSource([1, 2])
    const stop = new AbortController()
    const seen: number[] = []
    const end = iterateUntil(source, stop.signal, (n) => (seen.push(n), new Promise(() => stop.abort())))
    expect(await end).toBe('stopped')
    await returned
    expect(seen).toEqual([1])
  })

  it('stops a source that always has a value ready, and its generator runs its finally', async () => {
    let finished = false
    function* endless() {
      try {
        for (let n = 0; ; n++) yield n
      } finally {
        finished = true
      }
    }
    const stop = new AbortController()
    const end = await iterateUntil(endless(), stop.signal, (n) => n === 2 && stop.abort())
    expect(end).toBe('stopped')
    expect(finished).toBe(true)
  })

  it('closes the source when the handler throws, and rethrows', async () => {
    const { source, returned } = parkedSource([1])
    await expect(
      iterateUntil(source, new AbortController().signal, () => {
        throw new Error('handler broke')
      }),
    ).rejects.toThrow('handler broke')
    await returned
  })
})

describe('iterateUntil over a long source', () => {
  it('keeps no value it handed over while it waits for the next one', async () => {
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    const handed: Array<WeakRef<Uint8Array>> = []
    const { source, returned } = parkedSource(Array.from({ length: 50 }, () => new Uint8Array(64 * 1024)))
    const stop = new AbortController()
    const end = iterateUntil(source, stop.signal, (value) => void handed.push(new WeakRef(value)))
    // The loop has taken all 50 and waits in next(); what it handed over is garbage by now.
    await vi.waitFor(() => expect(handed).toHaveLength(50))
    for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve))
    gc()
    gc()
    expect(handed.filter((value) => value.deref() !== undefined).length).toBeLessThanOrEqual(1)
    stop.abort()
    expect(await end).toBe('stopped')
    await returned
  })
})
