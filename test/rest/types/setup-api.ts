// Type tests (scripts/suite-types.mjs): MSW's class API for custom setups. SetupServerApi takes
// handlers and the interceptors of @mswjs/interceptors to use ("custom interceptors" recipe).
import { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest'
import { FetchInterceptor } from '@mswjs/interceptors/fetch'
import { XMLHttpRequestInterceptor } from '@mswjs/interceptors/XMLHttpRequest'
import { http, HttpResponse, SetupApi, type LifeCycleEventsMap, type RequestHandler } from 'mocklib'
import { SetupServerApi, type SetupServer } from 'mocklib/node'
import { SetupWorkerApi, setupWorker, type SetupWorker } from 'mocklib/browser'

const handlers = [http.get('https://api.test/x', () => HttpResponse.text('x'))]
const server = new SetupServerApi(handlers, [new ClientRequestInterceptor(), new FetchInterceptor()])
server.listen({ onUnhandledRequest: 'bypass' })
server.use(http.get('https://api.test/y', () => HttpResponse.text('y')))
server.events.on('request:start', ({ request }) => void request.url)
const asSetupServer: SetupServer = server
const asSetupApi: SetupApi<LifeCycleEventsMap> = server
void [asSetupServer, asSetupApi]
server.close()

// A setup narrowed to XMLHttpRequest, written the way MSW's discussions suggest.
class SetupXhrServer extends SetupServerApi {
  constructor(...initial: RequestHandler[]) {
    super(initial, [new XMLHttpRequestInterceptor()])
  }
}
new SetupXhrServer(...handlers).listen()

// @ts-expect-error: interceptors are interceptor objects, not names
new SetupServerApi(handlers, ['fetch'])
// @ts-expect-error: handlers come first, as an array
new SetupServerApi(new ClientRequestInterceptor(), handlers)

// MSW's browser class, exported under its name: a SetupWorker built on the same SetupApi.
function pageSetup(): SetupWorker {
  const worker = new SetupWorkerApi(...handlers)
  const asSetupApi: SetupApi<LifeCycleEventsMap> = worker
  void asSetupApi
  return worker
}
void pageSetup
const started: Promise<ServiceWorkerRegistration | undefined> = setupWorker(...handlers).start({ quiet: true })
void started
