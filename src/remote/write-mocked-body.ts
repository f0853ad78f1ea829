import type { ServerResponse } from 'node:http'
import { takeBody } from '../runtime/node-fast-path'

/**
 * Writes a mocked body to the remote's answer as the resolver produces it: each chunk is sent
 * when it is read (the head first, so an event stream's client sees it open at once), no faster
 * than the app reads. A body that fails, or a scope that ends, cuts the answer off, so the app's
 * client sees a failed body rather than a short one.
 */
export async function writeMockedBody(response: Response, answer: ServerResponse, ended: AbortSignal): Promise<void> {
  const whole = takeBody(response)
  if (whole !== undefined || response.body === null) {
    answer.end(whole)
    return
  }
  answer.flushHeaders()
  const reader = response.body.getReader()
  const stop = () => {
    void reader.cancel().catch(() => undefined)
    answer.destroy()
  }
  ended.addEventListener('abort', stop, { once: true })
  answer.on('close', stop)
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      if (answer.destroyed) return
      if (!answer.write(value)) await drained(answer)
    }
    answer.end()
  } catch {
    answer.destroy()
  } finally {
    ended.removeEventListener('abort', stop)
    answer.off('close', stop)
  }
}

/** Resolves when the answer can take more, or has closed (the reader then stops). */
function drained(answer: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      answer.off('drain', done)
      answer.off('close', done)
      resolve()
    }
    answer.on('drain', done)
    answer.on('close', done)
  })
}
