// Each record mode, against a real server on 127.0.0.1, and how a mode is chosen.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { format } from 'node:util'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { setupServer } from 'mocklib/node'
import { createRecorder, NotRecordedError, RECORD_MODE_VARIABLE, type Har } from 'mocklib/record'
import { startLiveApi, type LiveApi } from './live-api'

const server = setupServer()
let api: LiveApi
const dir = mkdtempSync(join(tmpdir(), 'mocklib-modes-'))
let count = 0
const freshFile = () => join(dir, `${++count}.har`)

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' })
  api = await startLiveApi()
})
afterEach(() => {
  server.resetHandlers()
  api.requests.length = 0
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})
afterAll(async () => {
  server.close()
  await api.close()
})

const readHar = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Har
const urls = (file: string) => readHar(file).log.entries.map((entry) => new URL(entry.request.url).pathname)
const get = async (path: string) => (await fetch(`${api.origin}${path}`)).text()

/** A file holding one recorded GET /counter ({"count":N}). */
async function recordCounter(): Promise<{ file: string; answer: string }> {
  const file = freshFile()
  const recorder = createRecorder({ file, mode: 'record' })
  server.use(recorder.handler)
  const answer = await get('/counter')
  await recorder.save()
  server.resetHandlers()
  api.requests.length = 0
  return { file, answer }
}

describe('record-missing', () => {
  it('replays what is recorded and records only the request that is missing', async () => {
    const { file, answer } = await recordCounter()
    const recorder = createRecorder({ file, mode: 'record-missing' })
    server.use(recorder.handler)
    expect(await get('/counter')).toBe(answer)
    const posts = await get('/posts')
    await recorder.save()

    expect(api.requests.map((request) => request.path)).toEqual(['/posts'])
    expect(urls(file)).toEqual(['/counter', '/posts'])
    expect(JSON.parse(posts)).toHaveLength(2)
  })

  it('records a repeated request once its recorded answers are used up, and leaves the file alone when nothing is new', async () => {
    const { file, answer } = await recordCounter()
    const recorder = createRecorder({ file, mode: 'record-missing' })
    server.use(recorder.handler)
    expect(await get('/counter')).toBe(answer)
    const second = await get('/counter')
    expect(second).not.toBe(answer)
    await recorder.save()
    expect(urls(file)).toEqual(['/counter', '/counter'])

    const before = readFileSync(file, 'utf8')
    const again = createRecorder({ file, mode: 'record-missing' })
    server.resetHandlers()
    server.use(again.handler)
    expect([await get('/counter'), await get('/counter')]).toEqual([answer, second])
    await again.save()
    expect(readFileSync(file, 'utf8')).toBe(before)
  })
})

describe('lockdown', () => {
  it('fails a request with no recording with an error that names it, and save() lists it', async () => {
    const { file } = await recordCounter()
    const recorder = createRecorder({ file, mode: 'lockdown' })
    server.use(recorder.handler)
    const errors: Error[] = []
    server.events.on('unhandledException', ({ error }) => errors.push(error))

    const response = await fetch(`${api.origin}/posts?page=2`)
    expect(response.status).toBe(500)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toBeInstanceOf(NotRecordedError)
    expect(errors[0].message).toContain(`Lockdown: GET ${api.origin}/posts?page=2 has no recording in ${file}`)
    expect(errors[0].message).toContain(`${RECORD_MODE_VARIABLE}=record-missing`)
    expect(await response.json()).toMatchObject({ name: 'NotRecordedError' })
    expect(api.requests).toEqual([])

    await expect(recorder.save()).rejects.toThrow(/Lockdown refused 1 request\(s\)[^]*GET .*\/posts\?page=2/)
    server.events.removeAllListeners()
  })

  it('prints a request with no recording as what it is, once, without a stack or "handler threw" advice', async () => {
    const { file } = await recordCounter()
    const recorder = createRecorder({ file, mode: 'lockdown' })
    server.use(recorder.handler)
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect((await fetch(`${api.origin}/posts?page=3`)).status).toBe(500)
    expect(printed).toHaveBeenCalledTimes(1)
    const shown = format(...(printed.mock.calls[0] as unknown[]))
    expect(shown.split(`Lockdown: GET ${api.origin}/posts?page=3 has no recording`).length - 1).toBe(1)
    expect(shown).not.toContain('Fix the handler, or throw a Response')
    expect(shown).not.toMatch(/^\s+at /m)
    await expect(recorder.save()).rejects.toThrow(/Lockdown refused/)
  })

  it('answers recorded requests without the network', async () => {
    const { file, answer } = await recordCounter()
    const recorder = createRecorder({ file, mode: 'lockdown' })
    server.use(recorder.handler)
    expect(await get('/counter')).toBe(answer)
    expect(api.requests).toEqual([])
    await recorder.save()
  })
})

describe('replay', () => {
  it('answers recorded requests; one with no recording follows onUnhandledRequest', async () => {
    const { file, answer } = await recordCounter()
    const recorder = createRecorder({ file, mode: 'replay' })
    server.use(recorder.handler)
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(await get('/counter')).toBe(answer)
    await expect(fetch(`${api.origin}/posts`)).rejects.toThrow()
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining(`GET ${api.origin}/posts`))
    expect(api.requests).toEqual([])
  })
})

describe('record and passthrough', () => {
  it('record performs every request, recorded or not, and the file holds only this run', async () => {
    const { file, answer } = await recordCounter()
    const recorder = createRecorder({ file, mode: 'record' })
    server.use(recorder.handler)
    const fresh = await get('/posts')
    await recorder.save()
    expect(api.requests.map((request) => request.path)).toEqual(['/posts'])
    expect(urls(file)).toEqual(['/posts'])
    expect(fresh).not.toBe(answer)
  })

  it('record gives the client the network error of a server that cannot be reached, and records nothing', async () => {
    const file = freshFile()
    const recorder = createRecorder({ file, mode: 'record' })
    server.use(recorder.handler)
    const closed = await startLiveApi()
    await closed.close()
    await expect(fetch(`${closed.origin}/posts`)).rejects.toThrow(TypeError)
    expect(recorder.toHar().log.entries).toEqual([])
  })

  it('record passes an event stream on as it comes, without waiting for its end or recording it', async () => {
    const file = freshFile()
    const recorder = createRecorder({ file, mode: 'record' })
    server.use(recorder.handler)
    const controller = new AbortController()
    const response = await fetch(`${api.origin}/events`, { signal: controller.signal })
    const reader = response.body!.getReader()
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: one\n\n')
    controller.abort()
    expect(recorder.toHar().log.entries).toEqual([])
  })

  it('passthrough sends everything to the network and writes nothing', async () => {
    const file = freshFile()
    const recorder = createRecorder({ file, mode: 'passthrough' })
    server.use(recorder.handler)
    await get('/counter')
    await recorder.save()
    expect(api.requests.map((request) => request.path)).toEqual(['/counter'])
    expect(existsSync(file)).toBe(false)
  })
})

describe('timestamps', () => {
  it('are fixed unless asked for', async () => {
    const file = freshFile()
    const recorder = createRecorder({ file, mode: 'record', timestamps: true })
    server.use(recorder.handler)
    const before = Date.now()
    await get('/counter')
    await recorder.save()
    const [entry] = readHar(file).log.entries
    expect(Date.parse(entry.startedDateTime)).toBeGreaterThanOrEqual(before - 1000)
    expect(entry.time).toBeGreaterThanOrEqual(0)
    const { file: plain } = await recordCounter()
    expect(readHar(plain).log.entries[0].startedDateTime).toBe('1970-01-01T00:00:00.000Z')
  })
})

describe('choosing the mode', () => {
  it(`reads ${RECORD_MODE_VARIABLE} when the recorder has no mode, the option wins over it, and a test may switch`, async () => {
    vi.stubEnv(RECORD_MODE_VARIABLE, 'lockdown')
    expect(createRecorder().mode).toBe('lockdown')
    expect(createRecorder({ mode: 'record-missing' }).mode).toBe('record-missing')
    vi.stubEnv(RECORD_MODE_VARIABLE, '')
    expect(createRecorder().mode).toBe('replay')

    const { file, answer } = await recordCounter()
    const recorder = createRecorder({ file, mode: 'lockdown' })
    server.use(recorder.handler)
    recorder.mode = 'passthrough'
    expect(await get('/counter')).not.toBe(answer)
    expect(() => {
      recorder.mode = 'rewind' as never
    }).toThrow(/Unknown record mode string "rewind" in recorder.mode. Use one of 'record', 'replay'/)
  })

  it('names the variable when its value is not a mode', () => {
    vi.stubEnv(RECORD_MODE_VARIABLE, 'update')
    expect(() => createRecorder()).toThrow(
      `Unknown record mode string "update" in the ${RECORD_MODE_VARIABLE} environment variable`,
    )
  })
})
