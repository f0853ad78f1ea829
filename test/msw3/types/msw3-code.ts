// Code written for MSW 3 (its entries and type names), with `msw` replaced by `mocklib`: it compiles,
// and what MSW 3 refuses, mocklib refuses too.
import {
  http,
  HttpResponse,
  HttpHandler,
  type HttpResponseResolver,
  type StrictRequest,
  type RequestQuery,
} from 'mocklib/http'
import {
  graphql,
  GraphQLHandler,
  createGraphQLSubscriptionHandler,
  type GraphQLLink,
  type GraphQLSubscription,
  type GraphQLSubscriptionPayload,
  type GraphQLSubscriptionResolver,
  type GraphQLResponseResolver,
} from 'mocklib/graphql'
import {
  ws,
  WebSocketConnectionEvent,
  WebSocketHandler,
  type WebSocketHandlerOptions,
  type WebSocketLink,
} from 'mocklib/ws'
import { sse, type ServerSentEventMessage } from 'mocklib/sse'
import { delay, bypass, passthrough } from 'mocklib/utils'
import { getResponse } from 'mocklib/utils/get-response'
import { getCleanUrlString } from 'mocklib/utils/get-clean-url-string'
import { isPassthroughResponse } from 'mocklib/utils/passthrough'
import { isCommonAssetRequest } from 'mocklib/utils/is-common-asset-request'
import type { DelayMode } from 'mocklib/utils/delay'
import type { BypassRequestInput } from 'mocklib/utils/bypass'
import type { UnhandledFrameHandle, UnhandledFrameStrategy } from 'mocklib'
import { setupServer } from 'mocklib/node'

interface User {
  id: string
  name: string
}

const getUser: HttpResponseResolver<{ id: string }, never, User> = ({ params }) =>
  HttpResponse.json({ id: params.id, name: 'John' })
// @ts-expect-error The body must be a User.
const wrongUser: HttpResponseResolver<{ id: string }, never, User> = () => HttpResponse.json({ id: 1 })

const api: GraphQLLink = graphql.link('https://api.example.com/graphql')
const onUser: GraphQLSubscriptionResolver<{ user: User }, { id: string }> = ({ subscription }) => {
  const payload: GraphQLSubscriptionPayload<{ user: User }> = {
    data: { user: { id: subscription.variables.id, name: 'J' } },
  }
  subscription.publish(payload)
}
const userQuery: GraphQLResponseResolver<{ user: User }, { id: string }> = ({ variables }) =>
  HttpResponse.json({ data: { user: { id: variables.id, name: 'John' } } })

const chat: WebSocketLink = ws.link('wss://chat.example.com')
const options: WebSocketHandlerOptions = { once: true }

export const handlers = [
  http.get('https://api.example.com/user/:id', getUser),
  http.post<never, User>('https://api.example.com/user', async ({ request }) => {
    const typed: StrictRequest<User> = request
    await delay()
    return typed.bodyUsed ? passthrough() : HttpResponse.text('ok')
  }),
  api.query('GetUser', userQuery),
  api.subscription('OnUser', onUser),
  api.subscription<{ user: User }>('OnAnyUser', ({ subscription }) => {
    const live: GraphQLSubscription<{ user: User }> = subscription
    live.complete()
  }),
  createGraphQLSubscriptionHandler('https://api.example.com/graphql')('OnPing', ({ subscription }) =>
    subscription.complete(),
  ),
  chat.addEventListener(
    'connection',
    (event: WebSocketConnectionEvent) => {
      event.client.send('hello')
      event.client.addEventListener('message', (message) => chat.broadcast(message.data))
    },
    options,
  ),
  sse<{ message: string }>('https://api.example.com/stream', ({ client }) => {
    const message: ServerSentEventMessage<{ message: string }> = { data: 'hi' }
    client.send(message)
    // @ts-expect-error The message event carries a string.
    client.send({ data: 1 })
  }),
]
export const kinds = [HttpHandler, GraphQLHandler, WebSocketHandler] as const
export const misc = [wrongUser]

const mode: DelayMode = 'infinite'
const input: BypassRequestInput = new URL('https://api.example.com')
const query: RequestQuery = { a: 'b' }
export const values = [
  mode,
  bypass(input),
  query,
  getCleanUrlString('/a?b'),
  isCommonAssetRequest(new Request('https://a.test/x.css')),
]
export const answered: Promise<boolean> = getResponse(handlers, new Request('https://api.example.com/user/1')).then(
  (response) => response !== undefined && !isPassthroughResponse(response),
)

const strategy: UnhandledFrameStrategy = 'error'
const callback: UnhandledFrameHandle = ({ frame, defaults }) => {
  if (frame.protocol === 'http' && frame.data.request.url.includes('cdn.com')) return
  defaults.warn()
}
// @ts-expect-error Not a strategy.
const unknownStrategy: UnhandledFrameStrategy = 'ignore'
export const strategies = [strategy, callback, unknownStrategy]
export const server = setupServer(...handlers)

// MSW 3's options and events.
server.listen({ onUnhandledFrame: 'bypass' })
server.events.on('request:match', ({ handler, request }) => void [handler.info.header, request.url])
server.events.on('websocket:connection', ({ url, protocols }) => void [url.href, protocols])
server.events.on('websocket:error', ({ url, error }) => void [url.href, error])
// @ts-expect-error Not an event.
server.events.on('websocket:close', () => {})
export async function stopWorker(worker: import('mocklib/browser').SetupWorkerApi): Promise<void> {
  await worker.start({
    onUnhandledFrame: ({ frame, defaults }) => (frame.protocol === 'ws' ? undefined : defaults.warn()),
  })
  await worker.stop()
}
