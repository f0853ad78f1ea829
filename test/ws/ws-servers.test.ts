import { ws } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { describe, expect, it } from 'vitest'
import { openSocket } from './socket'

const link = ws.link('wss://shared.test')

async function firstFrame(): Promise<unknown> {
  const { socket, nextMessage } = openSocket('wss://shared.test')
  const { data } = await nextMessage()
  socket.close()
  return data
}

describe('the global WebSocket across servers', () => {
  it('is patched at listen(), not before, and restored exactly when the last server closes, in any order', async () => {
    const original = globalThis.WebSocket
    const a = setupServer(link.addEventListener('connection', ({ client }) => client.send('from a')))
    const b = setupServer(link.addEventListener('connection', ({ client }) => client.send('from b')))
    expect(globalThis.WebSocket).toBe(original)
    a.listen()
    expect(globalThis.WebSocket).not.toBe(original)
    b.listen()
    expect(await firstFrame()).toBe('from b')
    b.close()
    expect(await firstFrame()).toBe('from a')
    a.close()
    expect(globalThis.WebSocket).toBe(original)
  })
})
