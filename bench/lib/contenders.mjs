// Loads what each contender needs. mocklib comes from a build directory (dist/ by default),
// never from src/, so the benchmark measures what users install.
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { toMsw3Origin } from './fixtures.mjs'

export const CONTENDERS = ['mocklib', 'msw', 'msw3', 'fetch-mock', 'mockagent', 'interceptors', 'baseline']

export async function loadContender(name, dist) {
  switch (name) {
    case 'mocklib':
    // Another build of mocklib (run.mjs --compare <dir>), to measure a change side by side.
    case 'mocklib-base': {
      const core = await import(pathToFileURL(join(dist, 'index.js')).href)
      const node = await import(pathToFileURL(join(dist, 'node.js')).href)
      const schema = await import(pathToFileURL(join(dist, 'schema.js')).href)
      const setupServer = process.env.BENCH_NO_HISTORY === '1' ? withoutHistory(node.setupServer) : node.setupServer
      // mocklib/openapi is loaded by the scenarios that use it only.
      const openapi = () => import(pathToFileURL(join(dist, 'openapi.js')).href)
      return { name, ...core, setupServer, createSchemaExecutor: schema.createSchemaExecutor, openapi }
    }
    case 'msw': {
      const core = await import('msw')
      const node = await import('msw/node')
      return { name, ...core, setupServer: node.setupServer }
    }
    case 'msw3': {
      // MSW 3 (installed as the `msw3` alias) supports Node 22.12 and later; on older Nodes the
      // scenario reports it skipped. Its GraphQL handlers are linked ones only (graphql.link).
      const [major, minor] = process.versions.node.split('.').map(Number)
      if (major < 22 || (major === 22 && minor < 12)) return { name, skipped: 'MSW 3 needs Node 22.12 or later' }
      const core = { ...(await import('msw3')), graphql: (await import('msw3/graphql')).graphql }
      const node = await import('msw3/node')
      return { name, ...core, ...onMsw3Origin(core), setupServer: node.setupServer }
    }
    case 'interceptors': {
      const { BatchInterceptor } = await import('@mswjs/interceptors')
      const { ClientRequestInterceptor } = await import('@mswjs/interceptors/ClientRequest')
      const { XMLHttpRequestInterceptor } = await import('@mswjs/interceptors/XMLHttpRequest')
      const { FetchInterceptor } = await import('@mswjs/interceptors/fetch')
      // The same three interceptors mocklib and msw apply in Node.
      const create = () =>
        new BatchInterceptor({
          name: 'bench-floor',
          interceptors: [new ClientRequestInterceptor(), new XMLHttpRequestInterceptor(), new FetchInterceptor()],
        })
      return { name, createInterceptor: create }
    }
    case 'fetch-mock': {
      // fetch-mock 12 replaces globalThis.fetch and reads the request from the call's arguments.
      const { default: fetchMock } = await import('fetch-mock')
      return { name, fetchMock }
    }
    case 'mockagent':
      // undici's MockAgent, set up by the undici scenarios (undici-scenarios.mjs).
      return { name }
    case 'baseline':
      return { name }
    default:
      throw new Error(`Unknown contender "${name}"`)
  }
}

/**
 * MSW 3 lets fetch refuse the bench's origin (port 9, which fetch never connects to) before it
 * intercepts, so its handlers and requests use MSW3_ORIGIN instead (`toMsw3Origin`).
 */
function onMsw3Origin(core) {
  const http = new Proxy(core.http, {
    get:
      (target, method) =>
      (path, ...rest) =>
        target[method](toMsw3Origin(path), ...rest),
  })
  const graphql = { ...core.graphql, link: (url) => core.graphql.link(toMsw3Origin(url)) }
  return { http, graphql }
}

/** setupServer whose servers listen with `{ history: false }` (run.mjs --base-no-history). */
function withoutHistory(setupServer) {
  return (...handlers) => {
    const server = setupServer(...handlers)
    const listen = server.listen.bind(server)
    server.listen = (options) => listen({ ...options, history: false })
    return server
  }
}
