// Recording from setupWorker in Chromium: the recorder performs requests through the worker
// (bypass), save() POSTs the HAR to the dev server's recordingEndpoint(), and a page replays
// it in lockdown with the server's route gone.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { recordingEndpoint, type Har } from 'mocklib/record'
import { usePageSession } from './harness'

declare global {
  interface Window {
    record: typeof import('mocklib/record')
  }
}

const session = usePageSession('test/sources/browser/fixtures/record-entry.ts')
const dir = mkdtempSync(join(tmpdir(), 'mocklib-page-record-'))

it('records in a page, saves through the dev-server endpoint, and replays with the route gone', async () => {
  let hits = 0
  session.server.route('/api/posts', (_req, res) => {
    hits++
    res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': String(Math.random()) })
    res.end(JSON.stringify([{ id: '1', title: 'From the real server' }]))
  })
  const endpoint = recordingEndpoint({ dir })
  session.server.route('/__mocklib/recordings/page.har', (req, res, body) => {
    const request = {
      method: req.method,
      url: req.url,
      on(event: string, listener: (chunk?: Uint8Array) => void) {
        if (event === 'data') listener(body)
        if (event === 'end') queueMicrotask(() => listener())
        return request
      },
    }
    endpoint(request as never, res)
  })

  const recorded = await session.tab.page.evaluate(async () => {
    const recorder = window.record.createRecorder({ mode: 'record', saveUrl: '/__mocklib/recordings/page.har' })
    window.worker = window.mocklib.setupWorker(recorder.handler)
    await window.worker.start({ quiet: true, onUnhandledRequest: 'error' })
    const text = await (await fetch('/api/posts')).text()
    await recorder.save()
    return text
  })
  expect(hits).toBe(1)
  const har = JSON.parse(readFileSync(join(dir, 'page.har'), 'utf8')) as Har
  expect(har.log.entries.map((entry) => new URL(entry.request.url).pathname)).toEqual(['/api/posts'])
  expect(JSON.stringify(har)).not.toContain('x-request-id')

  session.server.route('/api/posts', (_req, res) => {
    hits++
    res.writeHead(500)
    res.end()
  })
  const replayed = await session.tab.page.evaluate(async (recording) => {
    await window.worker.stop()
    const recorder = window.record.createRecorder({ har: recording, mode: 'lockdown' })
    window.worker = window.mocklib.setupWorker(recorder.handler)
    await window.worker.start({ quiet: true, onUnhandledRequest: 'error' })
    return (await fetch('/api/posts')).text()
  }, har)
  expect(replayed).toBe(recorded)
  expect(hits).toBe(1)
})
