// An sse() handler that writes after its own close() (a timer it did not clear, in a handler
// written for MSW): msw 2.14 means to log and go on (its write's rejection is caught and
// printed); so does mocklib, and the client gets what was sent before the end. On Node 20 msw's
// write throws Node's own internal assertion instead (its writer is used after close), which
// is no behaviour to copy.
import { expect, it, vi } from 'vitest'
import { runBoth, withServer } from './harness'

it('client.send() after client.close() does not throw, and the stream holds what was sent before', async () => {
  const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
  try {
    const { msw, mocklib } = await runBoth((lib) => {
      let lateSend = Promise.resolve('not sent')
      const handler = lib.sse('http://a.test/stream', ({ client }) => {
        client.send({ data: 'one' })
        client.close()
        // From a timer, as a handler that forgot to clear its interval does.
        lateSend = new Promise((resolve) =>
          setTimeout(() => {
            try {
              client.send({ data: 'two' })
              resolve('returned')
            } catch (error) {
              resolve(`threw ${(error as Error).name}: ${(error as Error).message}`)
            }
          }),
        )
      })
      return withServer(lib, [handler], { onUnhandledRequest: 'bypass' }, async () => {
        const stream = await (await fetch('http://a.test/stream', { headers: { accept: 'text/event-stream' } })).text()
        return { stream, lateSend: await lateSend }
      })
    })
    expect(mocklib).toEqual({ stream: 'data:one\n\n', lateSend: 'returned' })
    expect(msw.stream).toBe(mocklib.stream)
    expect(msw.lateSend).toMatch(/^returned$|^threw Error: This is caused by either a bug in Node\.js/)
    expect(printed).toHaveBeenCalledWith(
      expect.stringContaining(
        'client.send() was called in the event stream handler "GET http://a.test/stream" after client.close() ended the stream, so nothing was sent',
      ),
    )
  } finally {
    printed.mockRestore()
  }
})
