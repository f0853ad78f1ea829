// GraphQL subscriptions over SSE in a real page: a graphql.link().subscription() handler answers
// a fetch asking for text/event-stream through the Service Worker, event by event, and the page
// aborting its request runs the handler's finalize.
import { describe, expect, it } from 'vitest'
import { usePageSession } from './harness'

const session = usePageSession()

describe('graphql.subscription() over SSE through setupWorker', () => {
  it('streams each published result as it is sent, then complete; an aborted request runs finalize', async () => {
    const result = await session.tab.page.evaluate(async () => {
      const { graphql, setupWorker } = window.mocklib
      const api = graphql.link('/graphql')
      let publish!: (n: number) => void
      let finish!: () => void
      let finalized!: Promise<string>
      window.worker = setupWorker(
        api.subscription('OnTick', ({ subscription, variables, finalize }) => {
          publish = (n) => subscription.publish({ data: { tick: n, room: variables.room } })
          finish = () => subscription.complete()
          finalized = new Promise((resolve) => finalize(() => resolve('finalized')))
          publish(1)
        }),
      )
      await window.worker.start({ quiet: true })
      const open = (signal?: AbortSignal) =>
        fetch('/graphql', {
          method: 'POST',
          signal,
          headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
          body: JSON.stringify({ query: 'subscription OnTick($room: ID!) { tick(room: $room) }', variables: { room: 'r1' } }),
        })
      const response = await open()
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
      const chunks: string[] = [(await reader.read()).value!]
      publish(2)
      chunks.push((await reader.read()).value!)
      finish()
      let rest = ''
      for (let part = await reader.read(); !part.done; part = await reader.read()) rest += part.value
      chunks.push(rest)

      const controller = new AbortController()
      const second = await open(controller.signal)
      await second.body!.getReader().read()
      controller.abort()
      return { type: response.headers.get('content-type'), chunks, ended: await finalized }
    })
    expect(result).toEqual({
      type: 'text/event-stream',
      chunks: ['event:next\ndata:{"data":{"tick":1,"room":"r1"}}\n\n', 'event:next\ndata:{"data":{"tick":2,"room":"r1"}}\n\n', 'event:complete\ndata:\n\n'],
      ended: 'finalized',
    })
  })
})
