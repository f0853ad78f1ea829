// An async iterator like a pub/sub channel's (graphql-subscriptions, graphql-yoga) with nothing
// more to publish: after its first values, next() waits until return() ends it. `returned`
// settles when return() was called, i.e. when whoever read it let go.
import { deferred } from './deferred'

export function parkedSource<T>(first: readonly T[] = []): {
  source: AsyncIterableIterator<T>
  returned: Promise<void>
} {
  const returned = deferred()
  const queue = [...first]
  let wake: ((result: IteratorResult<T>) => void) | undefined
  let done = false
  const source: AsyncIterableIterator<T> = {
    next: () => {
      if (done) return Promise.resolve({ value: undefined, done: true })
      if (queue.length > 0) return Promise.resolve({ value: queue.shift() as T, done: false })
      return new Promise((resolve) => (wake = resolve))
    },
    return: () => {
      done = true
      wake?.({ value: undefined, done: true })
      returned.resolve()
      return Promise.resolve({ value: undefined, done: true })
    },
    [Symbol.asyncIterator]() {
      return this
    },
  }
  return { source, returned: returned.promise }
}
