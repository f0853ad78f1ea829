import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { hasToken, routes } from '../control/protocol'
import { healthInfo } from '../control/health'
import { problem } from '../control/problem'
import { answerResolve, type ResolveHost } from './answer-resolve'
import { listenOn } from '../server/listen-on'
import { answerRemoteUpgrade } from './remote-upgrade'
import { readJsonBody, RouteError, routeId, sendJson, sendProblem, sendRouteError } from '../server/control-json'

/** `POST /__mocklib/scopes`'s body: empty for a scope of this remote, or one another test process holds. */
export interface ScopeSpec {
  /** The id to use: the holder's own scope id. Default: a random one. */
  scope?: string
  /** The remote of the test process that holds the scope (`remote.url`, `remote.token`). */
  forward?: { url: string; token: string }
}

/** What the endpoint asks of the remote beside resolving: scopes made and ended by other processes. */
export interface EndpointHost extends ResolveHost {
  /** Opens a scope; throws a message for the client when the spec is not usable. */
  openScope(spec: ScopeSpec): string
  closeScope(id: string): boolean
}

/**
 * The test process's HTTP endpoint for app processes (the control protocol's remote routes):
 * `GET health` without a token; `POST resolve`, `POST scopes`, `DELETE scopes/:id` and the
 * WebSocket upgrade of `GET websocket` with it.
 */
export class ControlEndpoint {
  private constructor(
    readonly server: http.Server,
    readonly url: string,
    readonly upgraded: Set<Duplex>,
  ) {}

  static async open(
    host: EndpointHost,
    options: { host: string; port: number; token: string },
  ): Promise<ControlEndpoint> {
    const server = http.createServer((incoming, answer) => {
      route(incoming, answer, host, options.token).catch((error: unknown) => {
        if (!answer.headersSent) sendRouteError(answer, error)
        else answer.destroy()
      })
    })
    // Upgraded sockets leave the server's connections: close() ends them itself.
    const upgraded = new Set<Duplex>()
    server.on('upgrade', (incoming: http.IncomingMessage, socket: Duplex, head: Buffer) => {
      upgraded.add(socket)
      socket.once('close', () => upgraded.delete(socket))
      socket.on('error', () => socket.destroy())
      answerRemoteUpgrade(incoming, socket, head, host, options.token)
    })
    await listenOn(server, options.port, options.host, 'pass remote.listen() another port, or 0 for a free one')
    const { port } = server.address() as AddressInfo
    const name = options.host.includes(':') ? `[${options.host}]` : options.host
    return new ControlEndpoint(server, `http://${name}:${port}`, upgraded)
  }

  /** Stops listening and ends every connection, answers in flight included. */
  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve())
      this.server.closeAllConnections()
      for (const socket of this.upgraded) socket.destroy()
    })
  }
}

async function route(
  incoming: http.IncomingMessage,
  answer: http.ServerResponse,
  host: EndpointHost,
  token: string,
): Promise<void> {
  const path = (incoming.url ?? '/').split('?')[0]
  if (incoming.method === 'GET' && path === routes.health) {
    return sendJson(answer, 200, healthInfo('remote'))
  }
  if (!hasToken(incoming.headers.authorization, token)) {
    incoming.resume()
    sendProblem(
      answer,
      problem(401, 'This route needs the header Authorization: Bearer <token>, with the token of remote.env().'),
    )
    return
  }
  if (incoming.method === 'POST' && path === routes.resolve) return answerResolve(incoming, answer, host)
  if (incoming.method === 'POST' && path === routes.scopes) {
    const spec = (await readJsonBody(incoming, true)) as ScopeSpec
    let scope: string
    try {
      scope = host.openScope(spec)
    } catch (error) {
      throw new RouteError(400, (error as Error).message)
    }
    return sendJson(answer, 201, { scope })
  }
  incoming.resume()
  if (incoming.method === 'DELETE' && path.startsWith(routes.scopes + '/')) {
    const id = routeId(path, routes.scopes)
    if (host.closeScope(id)) answer.writeHead(204).end()
    else sendProblem(answer, problem(404, `No open scope ${id}.`))
    return
  }
  sendProblem(answer, problem(404, `${incoming.method} ${path} is not a route of the remote: see docs/remote.md.`))
}
