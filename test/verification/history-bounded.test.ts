// The history keeps the last `limit` requests and nothing more: after 10,000 requests, the
// requests (and the calls read from them) that left it are collected.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { expect, it } from 'vitest'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

async function collect(): Promise<void> {
  for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve))
  for (let round = 0; round < 4; round++) gc()
}

it('keeps at most its limit: what left the history is collected', { timeout: 300_000 }, async () => {
  const handler = http.post('https://api.test/n/:n', async ({ request }) => HttpResponse.json(await request.json()))
  const server = setupServer(handler)
  server.listen({ history: { limit: 500 } })
  // Every 100th request, and its call once read: each must be gone once 500 newer ones came.
  const sampled: Array<{ n: number; request: WeakRef<Request>; call?: WeakRef<object> }> = []
  server.events.on('request:start', ({ request }) => {
    const n = Number(new URL(request.url).pathname.split('/').pop())
    if (n % 100 === 0) sampled.push({ n, request: new WeakRef(request) })
  })
  let next = 0
  const worker = async (total: number) => {
    while (next < total) {
      const n = next++
      const response = await fetch(`https://api.test/n/${n}`, { method: 'POST', body: JSON.stringify({ n }) })
      await response.arrayBuffer()
      if (n % 100 === 0) {
        const sample = sampled.find((entry) => entry.n === n)!
        sample.call = new WeakRef(handler.calls.find((call) => call.params.n === String(n))!)
      }
    }
  }
  try {
    await Promise.all(Array.from({ length: 50 }, () => worker(10_000)))
    expect(server.history).toHaveLength(500)
    expect(server.history[0].url).toBe('https://api.test/n/9500')
    expect(handler.calls).toHaveLength(500)
    await collect()
    const old = sampled.filter((entry) => entry.n < 9_400)
    expect(old).toHaveLength(94)
    const kept = old.filter((entry) => entry.request.deref() !== undefined || entry.call?.deref() !== undefined)
    expect(kept.map((entry) => entry.n)).toEqual([])
  } finally {
    server.close()
  }
})
