// http.request destroyed by its caller while the request passes through to a real server: the
// caller's error is the only 'error' the request emits, whatever the moment, and the process
// survives. The interceptor's mock socket shares the real connection's handle; destroying it
// used to report "connect ECANCELED" as a second error (MSW's regression test for its issue
// #2617) or, when the connection completed on the closing handle, abort Node in libuv.
import http from 'node:http'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { setupServer } from 'mocklib/node'

const server = setupServer()
const real = http.createServer((_request, response) => response.end('real'))
let origin = ''

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'bypass' })
  await new Promise<void>((resolve) => real.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(real.address() as { port: number }).port}`
})
afterAll(async () => {
  server.close()
  real.closeAllConnections()
  await new Promise((resolve) => real.close(resolve))
})

/** Runs `then` once the pipeline has let the request through (it is about to connect). */
function afterPassthrough(then: () => void): void {
  const onEnd = () => {
    server.events.removeListener('request:end', onEnd)
    then()
  }
  server.events.on('request:end', onEnd)
}

const moments: Record<string, (destroy: () => void, request: http.ClientRequest) => void> = {
  'as the pipeline lets it through': (destroy) => afterPassthrough(destroy),
  'a microtask later': (destroy) => afterPassthrough(() => queueMicrotask(destroy)),
  'on the next tick': (destroy) => afterPassthrough(() => process.nextTick(destroy)),
  'on the next turn of the event loop (the connection is opening)': (destroy) =>
    afterPassthrough(() => setImmediate(destroy)),
  'once connected': (destroy, request) => request.on('socket', (socket) => socket.once('connect', destroy)),
}

for (const [moment, at] of Object.entries(moments)) {
  it(`destroyed ${moment}: one error, the caller's`, async () => {
    const errors: string[] = []
    const request = http.request(`${origin}/first`)
    request.on('error', (error) => errors.push(error.message))
    const closed = new Promise((resolve) => request.on('close', resolve))
    at(() => request.destroy(new Error('caller gave up')), request)
    request.end()
    await closed
    // A late second error would come from the cancelled connection's callbacks: a whole request
    // to the same server afterwards lets them all run first.
    const next = new Promise<string>((resolve) => {
      http.get(`${origin}/next`, (response) => {
        let body = ''
        response.on('data', (chunk: Buffer) => (body += chunk))
        response.on('end', () => resolve(body))
      })
    })
    expect(await next).toBe('real')
    expect(errors).toEqual(['caller gave up'])
  })
}
