// Every entry of the package, imported as an app does: compiled under each moduleResolution
// mode (node10, node16, nodenext, bundler) and with the oldest supported TypeScript.
import { graphql, http, HttpResponse } from 'mocklib'
import { setupRemoteServer, setupServer, type RemoteOptions } from 'mocklib/node'
import { setupWorker } from 'mocklib/browser'
import { setupServer as setupNativeServer, type SetupServerCommon } from 'mocklib/native'
import { createSchemaExecutor } from 'mocklib/schema'
import { plugin } from 'mocklib/codegen'
import { createRecorder, fromHar, type Har } from 'mocklib/record'
import { fromOpenApi, type OpenApiHandlers } from 'mocklib/openapi'
import { server as remoteAppServer } from 'mocklib/remote'
import { remoteEnv, remoteFixtures } from 'mocklib/playwright'
// The subpaths MSW users import from msw/core/*.
import { http as coreHttp, type HttpResponseResolver } from 'mocklib/core/http'
import { graphql as coreGraphql, type GraphQLResponseResolver } from 'mocklib/core/graphql'
import { ws, type WebSocketLink } from 'mocklib/core/ws'
// MSW 3's entries.
import { http as http3, HttpResponse as HttpResponse3, type HttpResponseResolver as HttpResolver3 } from 'mocklib/http'
import { graphql as graphql3, type GraphQLLink } from 'mocklib/graphql'
import { ws as ws3, WebSocketConnectionEvent } from 'mocklib/ws'
import { sse } from 'mocklib/sse'
import { defineNetwork, NetworkReadyState, NetworkSource, type NetworkApi } from 'mocklib/experimental'
import { delay as delay3, bypass as bypass3, passthrough as passthrough3 } from 'mocklib/utils'
import { delay } from 'mocklib/utils/delay'
import { bypass } from 'mocklib/utils/bypass'
import { isPassthroughResponse, passthrough } from 'mocklib/utils/passthrough'
import { getResponse } from 'mocklib/utils/get-response'
import { getCleanUrlString } from 'mocklib/utils/get-clean-url-string'
import { isCommonAssetRequest } from 'mocklib/utils/is-common-asset-request'

interface User {
  name: string
}

export const handlers = [
  http.get<never, never, User>('/user', () => HttpResponse.json({ name: 'Ada' })),
  graphql.query('GetUser', () => HttpResponse.json({ data: { user: { name: 'Ada' } } })),
]
// @ts-expect-error The response body must be a User.
http.get<never, never, User>('/wrong', () => HttpResponse.json({ id: 1 }))
export const entries = [
  setupServer,
  setupWorker,
  setupNativeServer,
  createSchemaExecutor,
  plugin,
  createRecorder,
  fromOpenApi,
  setupRemoteServer,
] as const
export const fromDocument: Promise<OpenApiHandlers> = fromOpenApi({ openapi: '3.1.0', paths: {} }, { seed: 1 })
const remoteOptions: RemoteOptions = { fallback: 'passthrough', timeout: 500 }
export const remoteApp = [
  remoteAppServer?.listHandlers(),
  remoteOptions,
  remoteEnv,
  remoteFixtures(...handlers),
] as const
export const native: SetupServerCommon = setupNativeServer(...handlers)
const har: Har = { log: { version: '1.2', creator: { name: 'app', version: '1' }, entries: [] } }
export const replayed = [...fromHar(har), createRecorder({ mode: 'lockdown' }).handler]

const resolver: HttpResponseResolver<never, never, User> = () => HttpResponse.json({ name: 'Grace' })
const queryResolver: GraphQLResponseResolver<{ user: User }> = () =>
  HttpResponse.json({ data: { user: { name: 'Grace' } } })
const chat: WebSocketLink = ws.link('wss://chat.test')
export const core = [
  coreHttp.get('/user', resolver),
  coreGraphql.query('GetUser', queryResolver),
  chat.addEventListener('connection', () => {}),
]

const api: GraphQLLink = graphql3.link('https://api.test/graphql')
const userResolver: HttpResolver3<never, never, User> = () => HttpResponse3.json({ name: 'Lin' })
export const msw3 = [
  http3.get('/user', userResolver),
  api.query('GetUser', () => HttpResponse3.json({ data: { user: { name: 'Lin' } } })),
  api.subscription('OnUser', ({ subscription }) => subscription.complete()),
  ws3
    .link('wss://chat.test')
    .addEventListener('connection', (event: WebSocketConnectionEvent) => event.client.send('hi')),
  sse('/stream', ({ client }) => client.close()),
]
export const utils = [
  delay,
  bypass,
  passthrough,
  isPassthroughResponse,
  getResponse,
  getCleanUrlString,
  isCommonAssetRequest,
]
export const utilsEntry = [delay3, bypass3, passthrough3]

class QuietSource extends NetworkSource {
  enable(): Promise<void> {
    return Promise.resolve()
  }
}
export const network: NetworkApi<QuietSource[]> = defineNetwork({ sources: [new QuietSource()], handlers })
export const enabled: Promise<void> = network.enable()
export const ready: number = NetworkReadyState.ENABLED
