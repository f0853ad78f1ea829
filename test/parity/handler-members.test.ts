// MSW's public handler members under msw 2.14 and mocklib: a RegExp method, test(), run()
// and isUsed, as custom tooling around handlers uses them.
import { expect, it } from 'vitest'
import { runBoth, withServer } from './harness'

it('new HttpHandler(/^(GET|POST)$/, …) answers the methods its RegExp accepts', async () => {
  const { msw, mocklib } = await runBoth((lib) =>
    withServer(
      lib,
      [new lib.HttpHandler(/^(GET|POST)$/, 'http://a.test/x', ({ request }) => lib.HttpResponse.text(request.method))],
      { onUnhandledRequest: 'bypass' },
      async () => {
        const answers: string[] = []
        for (const method of ['GET', 'POST', 'PUT']) {
          answers.push(
            await fetch('http://a.test/x', { method }).then(
              (r) => r.text(),
              () => 'network',
            ),
          )
        }
        return answers
      },
    ),
  )
  expect(mocklib).toEqual(['GET', 'POST', 'network'])
  expect(mocklib).toEqual(msw)
})

it('test(), run() and isUsed', async () => {
  const { msw, mocklib } = await runBoth(async (lib) => {
    const handler = lib.http.get('http://a.test/users/:id', ({ params }) => lib.HttpResponse.json({ id: params.id }))
    const matching = new Request('http://a.test/users/7')
    const other = new Request('http://a.test/posts/7')
    const tested = [await handler.test({ request: matching }), await handler.test({ request: other })]
    const usedBefore = handler.isUsed
    const missed = await handler.run({ request: other, requestId: 'r1' })
    const result = await handler.run({ request: new Request('http://a.test/users/7'), requestId: 'r2' })
    return {
      tested,
      usedBefore,
      missed,
      ran: {
        requestId: result?.requestId,
        sameHandler: result?.handler === handler,
        body: await result?.response?.json(),
      },
      usedAfter: handler.isUsed,
    }
  })
  expect(mocklib).toEqual({
    tested: [true, false],
    usedBefore: false,
    missed: null,
    ran: { requestId: 'r2', sameHandler: true, body: { id: '7' } },
    usedAfter: true,
  })
  expect(mocklib).toEqual(msw)
})
