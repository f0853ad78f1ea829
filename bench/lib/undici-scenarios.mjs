// Requests made with the `undici` package: mocklib's dispatcher source (listen({ sources:
// ['undici'] })) next to undici's MockAgent, each installed as undici's global dispatcher.
import { JSON_HEADERS, POST, POST_TEXT } from './fixtures.mjs'

// Not fixtures.mjs's origin: port 9 is one fetch refuses to use.
const ORIGIN = 'https://api.bench.test'

const CONTENDERS = ['mocklib', 'mockagent']

let undici
async function loadUndici() {
  undici ??= await import('undici')
  return undici
}

const SENDERS = {
  request: (url) => undici.request(url).then((response) => response.body.text()),
  fetch: (url) => undici.fetch(url).then((response) => response.text()),
}

/** MockAgent with one persistent interceptor per path, as the global dispatcher. */
function startMockAgent(paths) {
  const previous = undici.getGlobalDispatcher()
  const agent = new undici.MockAgent()
  agent.disableNetConnect()
  const pool = agent.get(ORIGIN)
  for (const path of paths)
    pool.intercept({ path, method: 'GET' }).reply(200, POST_TEXT, { headers: JSON_HEADERS }).persist()
  undici.setGlobalDispatcher(agent)
  return async () => {
    undici.setGlobalDispatcher(previous)
    await agent.close()
  }
}

function startMocklib(lib, handlerCount) {
  const handlers = []
  for (let index = 0; index < handlerCount; index++) {
    handlers.push(lib.http.get(`${ORIGIN}/r${index}/items/:id`, () => lib.HttpResponse.json(POST)))
  }
  const server = lib.setupServer(...handlers)
  server.listen({ sources: ['undici'], onUnhandledRequest: 'error' })
  return () => server.close()
}

/** `count` handlers (or MockAgent interceptors), a request that matches the last one. */
function undiciScenario({ id, title, client, handlerCount }) {
  const url = `${ORIGIN}/r${handlerCount - 1}/items/7`
  return {
    id,
    title,
    unit: 'request',
    contenders: CONTENDERS,
    async setup(lib) {
      await loadUndici()
      const paths = Array.from({ length: handlerCount }, (_, index) => `/r${index}/items/7`)
      const stop = lib.name === 'mockagent' ? startMockAgent(paths) : startMocklib(lib, handlerCount)
      const send = SENDERS[client]
      return {
        async run(count) {
          for (let index = 0; index < count; index++) {
            const text = await send(url)
            if (text !== POST_TEXT) throw new Error(`${id}: unexpected answer ${JSON.stringify(text.slice(0, 200))}`)
          }
        },
        teardown: stop,
      }
    },
  }
}

export const UNDICI_SCENARIOS = [
  undiciScenario({
    id: 'undici-request-1',
    title: 'undici.request, 1 handler (dispatcher source vs MockAgent)',
    client: 'request',
    handlerCount: 1,
  }),
  undiciScenario({
    id: 'undici-request-1000-last',
    title: 'undici.request, 1,000 handlers, matching the last',
    client: 'request',
    handlerCount: 1000,
  }),
  undiciScenario({
    id: 'undici-fetch-1',
    title: 'undici.fetch, 1 handler (dispatcher source vs MockAgent)',
    client: 'fetch',
    handlerCount: 1,
  }),
]
