// The control API of the mock server (docs/control-protocol.md): routes under /__mocklib/,
// the token check, JSON in and out, problem documents for every mistake.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { PublishTarget } from './publish-target'
import { CONTROL_PREFIX, hasToken, routes } from '../control/protocol'
import { healthInfo } from '../control/health'
import type { RequestHandler } from '../runtime/request-handler'
import { readJsonBody, RouteError, routeId, sendJson, sendRouteError } from './control-json'
import { dashboardPage } from './dashboard-page'
import type { HandlerControl } from './handler-control'
import { handlerFromSpec, SpecError } from './json-handler'
import type { RequestHistory } from './request-history'

export interface ControlTarget {
  control: HandlerControl
  history: RequestHistory
  token: string
  /** Read-only routes and the dashboard without a token (loopback servers only; never changes). */
  openReads: boolean
  version: string
  lifetime: AbortSignal
  /** Puts `handler` in front of the list, or of one client scope's list. */
  use(handler: RequestHandler, scope?: string): void
  /** Drops the handlers added at run time, or one scope's. */
  reset(scope?: string): void
  /** Someone changed the list through the API: live clients hear of it. */
  changed(type: 'handlers' | 'scenario'): void
  subscribe(listener: (type: string, data: unknown) => void): () => void
  /** The schema executor `POST /__mocklib/publish` feeds, if the server has one. */
  executor?: PublishTarget
}

export function isControlPath(path: string): boolean {
  return path === CONTROL_PREFIX.slice(0, -1) || path.startsWith(CONTROL_PREFIX)
}

export async function answerControl(
  target: ControlTarget,
  message: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const url = new URL(message.url ?? '/', 'http://control')
  const method = message.method ?? 'GET'
  try {
    await route(target, method, url.pathname, message, response)
  } catch (error) {
    sendRouteError(response, error)
  }
}

async function route(
  target: ControlTarget,
  method: string,
  path: string,
  message: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  if (path === routes.health && method === 'GET') {
    return sendJson(response, 200, healthInfo('server', target.version))
  }
  if ((path === routes.dashboard || path === CONTROL_PREFIX.slice(0, -1)) && method === 'GET') {
    // The page holds no secret: it reads the token from its URL fragment.
    return sendJson(response, 200, dashboardPage, 'text/html; charset=utf-8')
  }
  const reads = method === 'GET' || method === 'HEAD'
  if (!(reads && target.openReads) && !hasToken(message.headers.authorization, target.token)) {
    throw new RouteError(
      401,
      message.headers.authorization === undefined
        ? `${method} ${path} needs the server's token: send "Authorization: Bearer <token>" (the server printed it when it started).`
        : `The token sent with ${method} ${path} is not this server's. Use the token it printed when it started.`,
    )
  }
  const { control, history } = target
  if (path === routes.handlers && method === 'GET') return sendJson(response, 200, control.list())
  if (path.startsWith(`${routes.handlers}/`) && method === 'PATCH') {
    const id = routeId(path, routes.handlers)
    const body = await readJsonBody(message)
    if (typeof (body as { enabled?: unknown })?.enabled !== 'boolean') {
      throw new RouteError(400, `PATCH ${path} needs a JSON body { "enabled": true } or { "enabled": false }.`)
    }
    const info = control.setEnabled(id, (body as { enabled: boolean }).enabled)
    if (info === undefined)
      throw new RouteError(404, `No handler has the id "${id}"; GET ${routes.handlers} lists them.`)
    target.changed('handlers')
    return sendJson(response, 200, info)
  }
  if (path === routes.scenario && method === 'GET')
    return sendJson(response, 200, { name: control.scenario, available: control.scenarioNames })
  if (path === routes.scenario && method === 'PUT') {
    const name = ((await readJsonBody(message)) as { name?: unknown })?.name
    if (name !== null && typeof name !== 'string') {
      throw new RouteError(
        400,
        `PUT ${path} needs a JSON body { "name": "<scenario>" } (or { "name": null } for the default handlers).`,
      )
    }
    try {
      control.setScenario(name)
    } catch (error) {
      throw new RouteError(404, (error as Error).message)
    }
    target.changed('scenario')
    return sendJson(response, 200, { name: control.scenario })
  }
  if (path === routes.use && method === 'POST') {
    const spec = await readJsonBody(message)
    let handler: RequestHandler
    try {
      handler = handlerFromSpec(spec)
    } catch (error) {
      if (error instanceof SpecError) throw new RouteError(400, `POST ${path}: ${error.message}.`)
      throw error
    }
    target.use(handler, scopeOf(spec, `POST ${path}`))
    target.changed('handlers')
    return sendJson(response, 201, { id: control.idOf(handler) })
  }
  if (path === routes.reset && method === 'POST') {
    target.reset(scopeOf(await readJsonBody(message, true), `POST ${path}`))
    target.changed('handlers')
    return sendJson(response, 200, { ok: true })
  }
  if (path === routes.publish && method === 'POST') return publish(target, await readJsonBody(message), response)
  if (path === routes.requests && method === 'GET') return sendJson(response, 200, history.list())
  if (path === routes.har && method === 'GET') {
    response.setHeader('content-disposition', 'attachment; filename="mocklib-requests.har"')
    return sendJson(response, 200, history.har(target.version))
  }
  if (path.startsWith(`${routes.requests}/`) && method === 'GET') {
    const id = routeId(path, routes.requests)
    const details = history.details(id)
    if (details === undefined) throw new RouteError(404, `No request "${id}" in the history (it keeps the latest 500).`)
    return sendJson(response, 200, details)
  }
  if (path === routes.events && method === 'GET') return streamEvents(target, response)
  throw new RouteError(
    404,
    `There is no control route ${method} ${path}. The routes are listed in docs/control-protocol.md.`,
  )
}

/**
 * `{ field, payload, subscribers? }`: once `subscribers` subscriptions to `field` are active
 * (default: none awaited), `payload` goes to each; answers how many got it.
 */
async function publish(target: ControlTarget, body: unknown, response: ServerResponse): Promise<void> {
  const route = `POST ${routes.publish}`
  if (target.executor === undefined) {
    throw new RouteError(404, `${route}: this server has no schema executor; start it with --schema <sdl files>.`)
  }
  const { field, payload, subscribers } = (body ?? {}) as Record<string, unknown>
  if (typeof field !== 'string' || field === '') {
    throw new RouteError(400, `${route}: "field" must name a field of the Subscription type.`)
  }
  if (subscribers !== undefined && !(Number.isInteger(subscribers) && (subscribers as number) >= 0)) {
    throw new RouteError(400, `${route}: "subscribers" must be a whole number (the subscriptions to wait for).`)
  }
  try {
    const wanted = (subscribers as number | undefined) ?? 0
    if (wanted > 0) await waitUntil(target, field, wanted)
    return sendJson(response, 200, { delivered: target.executor.publish(field, payload ?? {}) })
  } catch (error) {
    if (error instanceof RouteError) throw error
    throw new RouteError(400, `${route}: ${(error as Error).message}`)
  }
}

/** The executor's subscribed(), given up when the server closes. */
async function waitUntil(target: ControlTarget, field: string, count: number): Promise<void> {
  const { lifetime } = target
  let onClose = () => {}
  const closed = new Promise<never>((_, reject) => {
    onClose = () => reject(new RouteError(503, 'The server is closing.'))
  })
  if (lifetime.aborted) onClose()
  // The listener goes with the wait: a long-lived server answers many publishes.
  lifetime.addEventListener('abort', onClose, { once: true })
  try {
    await Promise.race([target.executor!.subscribed(field, count), closed])
  } finally {
    lifetime.removeEventListener('abort', onClose)
  }
}

/** The `scope` field of a route's JSON body: absent, or a non-empty string. */
function scopeOf(body: unknown, route: string): string | undefined {
  const scope = (body as { scope?: unknown } | undefined)?.scope
  if (scope === undefined) return undefined
  if (typeof scope !== 'string' || scope === '') {
    throw new RouteError(400, `${route}: "scope" must be a non-empty string (the x-mocklib-scope header's value).`)
  }
  return scope
}

function streamEvents(target: ControlTarget, response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' })
  // The first event says the stream is live: what happens from now on reaches this client.
  response.write('event: ready\ndata: {}\n\n')
  const unsubscribe = target.subscribe((type, data) => {
    response.write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`)
  })
  const end = () => {
    unsubscribe()
    response.end()
  }
  // A client that leaves takes its listener off the server's lifetime: a dashboard reloaded all
  // day would otherwise keep every response it ever streamed to.
  response.once('close', () => {
    unsubscribe()
    target.lifetime.removeEventListener('abort', end)
  })
  if (target.lifetime.aborted) end()
  else target.lifetime.addEventListener('abort', end, { once: true })
}
