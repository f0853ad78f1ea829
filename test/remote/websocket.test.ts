// WebSockets across processes: an Express app spawned with `node` opens connections with the
// platform's WebSocket, and the `ws` handlers of this test process answer them through the remote,
// per scope; a connection no remote handler takes goes to the app's own handlers.
import { createChaos, ws } from 'mocklib'
import { setupRemoteServer } from 'mocklib/node'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { spawnApp, type SpawnedApp } from './spawn-app'

const ROOM = 'wss://chat.example.test/room'
const room = ws.link(ROOM)
const remote = setupRemoteServer(
  room.addEventListener('connection', ({ client }) => {
    client.send('welcome')
    client.addEventListener('message', ({ data }) => {
      client.send(typeof data === 'string' ? `echo:${data}` : `bytes:${(data as ArrayBuffer).byteLength}`)
      if (data === 'bye') client.close(4000, 'done')
    })
  }),
)

let app: SpawnedApp

beforeAll(async () => {
  await remote.listen()
  // Node 20 has the global WebSocket behind a flag; later versions have it on.
  const flags = Number(process.versions.node.split('.')[0]) === 20 ? ['--experimental-websocket'] : []
  app = await spawnApp('express-app.mjs', remote.env(), flags)
})

afterAll(async () => {
  expect(await app?.stop()).toBe(0)
  await remote.close()
})

interface Session {
  protocol: string
  messages: string[]
  close: { code: number; reason: string }
  error: boolean
}

async function session(url: string, sends: string[], headers: Record<string, string> = {}, protocols: string[] = []) {
  const query = new URLSearchParams({ url })
  for (const send of sends) query.append('send', send)
  for (const protocol of protocols) query.append('protocol', protocol)
  const response = await fetch(`${app.origin}/ws?${query}`, { headers })
  return (await response.json()) as Session
}

it('a connection of the app is answered by the ws handlers of the test process, frames both ways', async () => {
  expect(await session(ROOM, ['hi', 'bytes:70000', 'bye'])).toEqual({
    protocol: '',
    messages: ['welcome', 'echo:hi', 'bytes:70000', 'echo:bye'],
    close: { code: 4000, reason: 'done' },
    error: false,
  })
})

it('each scope sees its own ws handlers; unscoped connections the remote’s, at the same time', async () => {
  const scope = remote.createScope()
  scope.use(
    room.addEventListener('connection', ({ client }) => {
      client.send('scoped')
      client.addEventListener('message', () => client.close(1000, 'scope done'))
    }),
  )
  const [scoped, unscoped] = await Promise.all([session(ROOM, ['bye'], scope.headers), session(ROOM, ['bye'])])
  scope.close()
  // Every ws handler that matches runs, as in one process: the scope's own first, then the remote's.
  expect(scoped.messages).toEqual(['scoped', 'welcome'])
  expect(scoped.close).toEqual({ code: 1000, reason: 'scope done' })
  expect(unscoped.messages).toEqual(['welcome', 'echo:bye'])
  expect(unscoped.close).toEqual({ code: 4000, reason: 'done' })
})

it('the subprotocol the remote’s handler is offered reaches the app’s client', async () => {
  const scope = remote.createScope()
  scope.use(
    ws.link('wss://chat.example.test/protocols').addEventListener('connection', ({ client, info }) => {
      client.send(`offered:${String(info.protocols)}`)
      client.addEventListener('message', () => client.close())
    }),
  )
  const answered = await session('wss://chat.example.test/protocols', ['bye'], scope.headers, ['graphql-ws', 'v2'])
  scope.close()
  expect(answered.messages).toEqual(['offered:graphql-ws,v2'])
  expect(answered.protocol).toBe('graphql-ws')
})

it('what a remote handler sends before closing in its connection listener reaches the app’s client, then the close', async () => {
  const scope = remote.createScope()
  scope.use(
    ws.link('wss://chat.example.test/once').addEventListener('connection', ({ client }) => {
      client.send('only message')
      client.close(4001, 'closed at once')
    }),
  )
  const answered = await session('wss://chat.example.test/once', [], scope.headers)
  scope.close()
  expect(answered).toEqual({
    protocol: '',
    messages: ['only message'],
    close: { code: 4001, reason: 'closed at once' },
    error: false,
  })
})

it('a connection no remote handler takes goes to the app’s own ws handlers', async () => {
  const answered = await session('wss://chat.example.test/local-only', ['bye'])
  expect(answered.messages).toEqual(['from the app'])
  expect(answered.close).toEqual({ code: 1000, reason: 'app done' })
})

it('a scope that ends drops its open connections', async () => {
  const scope = remote.createScope()
  const opened = new Promise<void>((resolve) =>
    scope.use(
      ws.link('wss://chat.example.test/held').addEventListener('connection', ({ client }) => {
        client.send('held')
        client.addEventListener('message', () => resolve())
      }),
    ),
  )
  const pending = session('wss://chat.example.test/held', ['ready'], scope.headers)
  await opened
  scope.close()
  const dropped = await pending
  expect(dropped.messages).toEqual(['held'])
  expect(dropped.close.code).toBe(1006)
})

it('chaos drops a remote handler’s connections on the app’s client: the same seed, the same drops after the same messages', async () => {
  const TICKS = 'wss://chat.example.test/ticks'
  const ticker = ws.link(TICKS).addEventListener('connection', ({ client }) => {
    for (let tick = 1; tick <= 4; tick++) client.send(`tick ${tick}`)
    client.close(1000, 'all ticks')
  })
  const run = async (seed: number) => {
    const chaos = createChaos({ rate: 0.5, faults: ['drop'], dropAfter: { min: 0, max: 3 }, seed })
    const scope = remote.createScope()
    scope.use(...chaos.wrap(ticker))
    const seen: string[] = []
    for (let index = 0; index < 8; index++) {
      const { messages, close } = await session(TICKS, [], scope.headers)
      seen.push(`${messages.length} ticks, ${close.code}`)
    }
    scope.close()
    // What chaos decided is what the app's client saw: dropped connections close with 1006.
    expect(chaos.outcomes.map(({ fault }) => fault)).toEqual(seen.map((s) => (s.endsWith('1006') ? 'drop' : undefined)))
    return seen
  }
  const info = vi.spyOn(console, 'info').mockImplementation(() => {})
  try {
    const first = await run(5)
    expect(first).toContain('4 ticks, 1000')
    expect(first.filter((seen) => seen.endsWith(', 1006')).length).toBeGreaterThan(1)
    expect(await run(5)).toEqual(first)
    expect(await run(6)).not.toEqual(first)
  } finally {
    info.mockRestore()
  }
})
