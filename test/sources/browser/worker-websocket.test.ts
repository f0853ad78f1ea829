// ws.link in a real page: setupWorker patches the page's WebSocket (no Service Worker sees
// WebSocket traffic), in Chromium.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startRealServer, type RealServer } from '../../ws/real-server'
import { usePageSession, waitForConsole } from './harness'

const session = usePageSession()
let real: RealServer

beforeAll(async () => {
  real = await startRealServer()
})
afterAll(async () => {
  await real?.close()
})

it('mocks a WebSocket in the page: echo of text and binary, close codes, and the native class back after stop()', async () => {
  const result = await session.tab.page.evaluate(async () => {
    const { ws, setupWorker } = window.mocklib
    const native = window.WebSocket
    const chat = ws.link('wss://chat.test/rooms/:room')
    const worker = setupWorker(
      chat.addEventListener('connection', ({ client, params }) => {
        client.send(`welcome to ${String(params.room)}`)
        client.addEventListener('message', (event) => {
          if (event.data === 'leave') client.close(4001, 'bye')
          else client.send(event.data)
        })
      }),
    )
    await worker.start({ quiet: true, onUnhandledRequest: 'bypass' })
    const patched = window.WebSocket !== native
    const socket = new WebSocket('wss://chat.test/rooms/lobby')
    socket.binaryType = 'arraybuffer'
    const frames: unknown[] = []
    const closed = new Promise<[number, string]>((resolve) => {
      socket.addEventListener('close', (event) => resolve([event.code, event.reason]))
    })
    socket.addEventListener('message', (event) => {
      frames.push(event.data instanceof ArrayBuffer ? [...new Uint8Array(event.data)] : event.data)
      if (frames.length === 1) socket.send('hello')
      if (frames.length === 2) socket.send(new Uint8Array([0, 1, 254, 255]))
      if (frames.length === 3) socket.send('leave')
    })
    const close = await closed
    await worker.stop()
    return { patched, frames, close, restored: window.WebSocket === native }
  })
  expect(result).toEqual({
    patched: true,
    frames: ['welcome to lobby', 'hello', [0, 1, 254, 255]],
    close: [4001, 'bye'],
    restored: true,
  })
})

it('passes an unhandled connection to the real server, and server.connect() forwards with preventDefault', async () => {
  const result = await session.tab.page.evaluate(async (realUrl) => {
    const { ws, setupWorker } = window.mocklib
    const worker = setupWorker()
    await worker.start({ quiet: true, onUnhandledRequest: 'bypass' })
    const first = (url: string) =>
      new Promise<string>((resolve) => {
        const socket = new WebSocket(url)
        socket.addEventListener('message', (event) => {
          resolve(String(event.data))
          socket.close()
        })
      })
    const unhandled = await first(realUrl)
    worker.use(
      ws.link(realUrl).addEventListener('connection', ({ client, server }) => {
        server.connect()
        server.addEventListener('message', (event) => {
          event.preventDefault()
          client.send(`patched: ${String(event.data)}`)
        })
      }),
    )
    const patched = await first(realUrl)
    await worker.stop()
    return { unhandled, patched }
  }, real.url)
  expect(result).toEqual({ unhandled: 'hello from the real server', patched: 'patched: hello from the real server' })
})

it('logs a mocked connection and its frames to the console unless quiet', async () => {
  await session.tab.page.evaluate(async () => {
    const { ws, setupWorker } = window.mocklib
    const worker = setupWorker(
      ws.link('wss://log.test/feed').addEventListener('connection', ({ client }) => {
        client.send('hello')
        client.addEventListener('message', () => client.close(4000, 'done'))
      }),
    )
    await worker.start({ onUnhandledRequest: 'bypass' })
    const socket = new WebSocket('wss://log.test/feed')
    await new Promise((resolve) => socket.addEventListener('message', resolve))
    socket.send(new Uint8Array([1, 2, 3]))
    await new Promise((resolve) => socket.addEventListener('close', resolve))
    await worker.stop()
  })
  const logged = async (pattern: RegExp) =>
    (await waitForConsole(session.tab, pattern)).replace(/^log: \[mocklib\] \d\d:\d\d:\d\d /, '')
  expect(await logged(/⇄ connected/)).toMatch(
    /^ws wss:\/\/log\.test\/feed ⇄ connected, handled by ws wss:\/\/log\.test\/feed/,
  )
  expect(await logged(/ ↓ /)).toBe('ws wss://log.test/feed ↓ "hello"')
  expect(await logged(/ ↑ /)).toBe('ws wss://log.test/feed ↑ Uint8Array (3 bytes)')
  expect(await logged(/ × /)).toBe('ws wss://log.test/feed × closed 4000 "done"')
})
