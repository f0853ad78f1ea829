// GraphQL subscriptions over HTTP in a real page, through the Service Worker: GraphQL over SSE
// (a fetch asking for text/event-stream, event by event; aborting it runs finalize) and Apollo
// Client 4's HttpLink multipart subscriptions.
import { describe, expect, it } from 'vitest'
import { usePageSession } from './harness'

const session = usePageSession('test/sources/browser/fixtures/apollo-entry.ts')

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
          body: JSON.stringify({
            query: 'subscription OnTick($room: ID!) { tick(room: $room) }',
            variables: { room: 'r1' },
          }),
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
      chunks: [
        'event:next\ndata:{"data":{"tick":1,"room":"r1"}}\n\n',
        'event:next\ndata:{"data":{"tick":2,"room":"r1"}}\n\n',
        'event:complete\ndata:\n\n',
      ],
      ended: 'finalized',
    })
  })

  it("serves Apollo Client's HttpLink subscription as multipart parts, then completes", async () => {
    const result = await session.tab.page.evaluate(async () => {
      const { graphql, setupWorker } = window.mocklib
      const { ApolloClient, gql, HttpLink, InMemoryCache } = window.apollo
      window.worker = setupWorker(
        graphql.link('/graphql').subscription('OnTick', ({ subscription, variables }) => {
          for (let n = 1; n <= 2; n++)
            subscription.publish({ data: { tick: { __typename: 'Tick', n, room: variables.room } } })
          subscription.complete()
        }),
      )
      await window.worker.start({ quiet: true })
      const client = new ApolloClient({ link: new HttpLink({ uri: '/graphql' }), cache: new InMemoryCache() })
      const values: unknown[] = []
      await new Promise<void>((resolve, reject) => {
        client
          .subscribe({
            query: gql('subscription OnTick($room: ID!) { tick(room: $room) { n room } }'),
            variables: { room: 'r1' },
          })
          .subscribe({ next: (value) => values.push(value), error: reject, complete: resolve })
      })
      return values
    })
    expect(result).toEqual([1, 2].map((n) => ({ data: { tick: { __typename: 'Tick', n, room: 'r1' } } })))
  })
})
