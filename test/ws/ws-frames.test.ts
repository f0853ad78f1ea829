import { ws, type WebSocketData } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { deferred, openSocket } from './socket'

const echo = ws.link('wss://echo.test')
const server = setupServer()

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

async function bytesOf(data: unknown): Promise<number[]> {
  if (data instanceof Blob) return [...new Uint8Array(await data.arrayBuffer())]
  if (data instanceof ArrayBuffer) return [...new Uint8Array(data)]
  if (ArrayBuffer.isView(data)) return [...new Uint8Array(data.buffer, data.byteOffset, data.byteLength)]
  throw new Error(`not binary: ${typeof data}`)
}

const allBytes = Array.from({ length: 256 }, (_, index) => index)

function echoHandler(received?: (data: WebSocketData) => void) {
  return echo.addEventListener('connection', ({ client }) => {
    client.addEventListener('message', (event) => {
      received?.(event.data)
      client.send(event.data)
    })
  })
}

describe('frames, byte for byte', () => {
  it('text, including characters outside ASCII', async () => {
    server.use(echoHandler())
    const { socket, opened, nextMessage } = openSocket('wss://echo.test')
    await opened
    const text = 'héllo ✓ 𝄞 \u0000 end'
    socket.send(text)
    expect((await nextMessage()).data).toBe(text)
    socket.close()
  })

  it('an ArrayBuffer from the client reaches the handler, and comes back as an ArrayBuffer (binaryType "arraybuffer")', async () => {
    const received = deferred<WebSocketData>()
    server.use(echoHandler(received.resolve))
    const { socket, opened, nextMessage } = openSocket('wss://echo.test', undefined, 'arraybuffer')
    await opened
    socket.send(new Uint8Array(allBytes).buffer)
    expect(await bytesOf(await received.promise)).toEqual(allBytes)
    const back = (await nextMessage()).data
    expect(back).toBeInstanceOf(ArrayBuffer)
    expect(await bytesOf(back)).toEqual(allBytes)
    socket.close()
  })

  it('binary frames reach a client with binaryType "blob" (the default) as a Blob', async () => {
    server.use(echoHandler())
    const { socket, opened, nextMessage } = openSocket('wss://echo.test')
    await opened
    socket.send(new Uint8Array(allBytes))
    const back = (await nextMessage()).data
    expect(back).toBeInstanceOf(Blob)
    expect(await bytesOf(back)).toEqual(allBytes)
    socket.close()
  })

  it('a Blob from the client reaches the handler as a Blob and an arraybuffer client gets its bytes', async () => {
    const received = deferred<WebSocketData>()
    server.use(echoHandler(received.resolve))
    const { socket, opened, nextMessage } = openSocket('wss://echo.test', undefined, 'arraybuffer')
    await opened
    socket.send(new Blob([new Uint8Array(allBytes)]))
    const got = await received.promise
    expect(got).toBeInstanceOf(Blob)
    expect(await bytesOf(got)).toEqual(allBytes)
    expect(await bytesOf((await nextMessage()).data)).toEqual(allBytes)
    socket.close()
  })

  it('a typed array over part of a buffer sends only its own bytes, copied at send time', async () => {
    server.use(
      echo.addEventListener('connection', ({ client }) => {
        const buffer = new Uint8Array([9, 9, 1, 2, 3, 9])
        const view = buffer.subarray(2, 5)
        client.send(view)
        buffer.fill(0) // reusing the buffer after send() must not change the frame
      }),
    )
    const { socket, nextMessage } = openSocket('wss://echo.test', undefined, 'arraybuffer')
    expect(await bytesOf((await nextMessage()).data)).toEqual([1, 2, 3])
    socket.close()
  })

  it('keeps frame order when a Blob must be read before the text frame sent after it', async () => {
    server.use(
      echo.addEventListener('connection', ({ client }) => {
        client.send(new Blob([new Uint8Array([1, 2])]))
        client.send('after the blob')
        client.send(new Uint8Array([3]))
      }),
    )
    const { socket, nextMessage } = openSocket('wss://echo.test', undefined, 'arraybuffer')
    expect(await bytesOf((await nextMessage()).data)).toEqual([1, 2])
    expect((await nextMessage()).data).toBe('after the blob')
    expect(await bytesOf((await nextMessage()).data)).toEqual([3])
    socket.close()
  })
})

describe('closing after sending', () => {
  it('delivers frames sent just before client.close(), text and binary, then the close', async () => {
    server.use(
      echo.addEventListener('connection', ({ client }) => {
        client.addEventListener('message', () => {
          client.send('last words')
          client.send(new Blob([new Uint8Array([1, 2, 3])]))
          client.close(4000, 'done')
        })
      }),
    )
    const { socket, opened, closed, messages } = openSocket('wss://echo.test', undefined, 'arraybuffer')
    await opened
    socket.send('bye?')
    const event = await closed
    expect([event.code, event.reason]).toEqual([4000, 'done'])
    expect(messages[0]?.data).toBe('last words')
    expect(await bytesOf(messages[1]?.data)).toEqual([1, 2, 3])
  })
})
