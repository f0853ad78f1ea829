// The checksum the page expects must be the checksum of the worker script it ships.
import { expect, it } from 'vitest'
import { WORKER_CHECKSUM } from 'mocklib/browser'
// @ts-expect-error: a plain .mjs build script without types
import { workerChecksum } from '../../../scripts/build-worker.mjs'

it('integrity.ts holds the checksum of the worker source (run node scripts/build-worker.mjs --update-integrity after editing it)', () => {
  expect(WORKER_CHECKSUM).toBe(workerChecksum())
})
