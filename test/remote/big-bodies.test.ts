// 50 MiB bodies through the remote, both ways, byte for byte (sizes and SHA-256 at both ends), in
// a child process run with --expose-gc (test/remote/apps/big-bodies.mjs) that holds a remote and
// an app process's server talking over loopback. A streamed response keeps live memory flat: its
// peak growth for 50 MiB stays within that for 5 MiB plus a few chunks in flight.
import { once } from 'node:events'
import { expect, it } from 'vitest'
import { spawnApp } from './spawn-app'

interface Transfer {
  sent: { bytes: number; sha256: string }
  received: { bytes: number; sha256: string }
  peakGrowth: number
}
type Report = Record<string, { upload: Transfer; download: Transfer }>

const MiB = 1024 * 1024

it('streams a 50 MiB request body and a 50 MiB response through the remote, byte for byte', async () => {
  const child = await spawnApp('big-bodies.mjs', { BODY_SIZES: '5,50' }, ['--expose-gc'], false)
  const exited = once(child.child, 'exit')
  const report = await child.next<Report>('report')
  // Both sides closed, the process ends by itself.
  expect((await exited)[0]).toBe(0)
  for (const mib of ['5', '50']) {
    for (const direction of ['upload', 'download'] as const) {
      const { sent, received } = report[mib]![direction]
      expect(received, `${direction} of ${mib} MiB`).toEqual(sent)
      expect(sent.bytes).toBe(Number(mib) * MiB)
    }
  }
  // A response buffered anywhere on the way would grow by about 45 MiB more for the larger body.
  const download = (mib: string) => report[mib]!.download.peakGrowth
  expect(download('50'), JSON.stringify(report)).toBeLessThan(download('5') + 16 * MiB)
}, 120_000)
