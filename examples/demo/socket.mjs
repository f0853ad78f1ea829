// The WebSocket part of the demo: a chat client built on the global WebSocket joins a room,
// and a ws.link handler plays the chat server (welcome on connect, broadcast of every message).
import { ws } from 'mocklib'
import { setupServer } from 'mocklib/node'

const ROOM = 'wss://api.example.test/chat/:room'

/** The app: one chat member. Opens the socket, sends JSON, and hands each frame to `onFrame`. */
function joinChat(room, name, onFrame) {
  const socket = new WebSocket(`wss://api.example.test/chat/${room}?name=${encodeURIComponent(name)}`)
  socket.addEventListener('message', (event) => onFrame(JSON.parse(event.data)))
  const opened = new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true })
    socket.addEventListener('error', () => reject(new Error(`${name}: could not connect`)), { once: true })
  })
  return {
    opened,
    say: (text) => socket.send(JSON.stringify({ text })),
    leave: () =>
      new Promise((resolve) => {
        socket.addEventListener('close', (event) => resolve(`closed with ${event.code}`), { once: true })
        socket.close(1000, 'bye')
      }),
  }
}

function chatHandler() {
  const chat = ws.link(ROOM)
  return chat.addEventListener('connection', ({ client, params }) => {
    const name = new URL(client.url).searchParams.get('name')
    client.send(JSON.stringify({ type: 'welcome', room: params.room, online: chat.clients.size }))
    client.addEventListener('message', (event) => {
      const { text } = JSON.parse(event.data)
      chat.broadcast(JSON.stringify({ type: 'message', from: name, text }))
    })
  })
}

/** A member that prints every frame it gets and lets the demo wait for the next `count` of them. */
function member(room, name) {
  const waiting = []
  const frames = []
  const chat = joinChat(room, name, (frame) => {
    frames.push(frame)
    console.log(`    ← ${name} got ${JSON.stringify(frame)}`)
    while (waiting.length > 0 && waiting[0].count <= frames.length) waiting.shift().resolve()
  })
  const received = (count) =>
    new Promise((resolve) => (count <= frames.length ? resolve() : waiting.push({ count, resolve })))
  return { ...chat, name, frames, received }
}

export async function run() {
  console.log(`WebSocket: a chat room at ${ROOM}`)
  if (typeof globalThis.WebSocket !== 'function') {
    console.log(
      `  skipped: Node ${process.version} has no global WebSocket (start Node 20 with --experimental-websocket, as \`npm run demo\` does)`,
    )
    return
  }
  const server = setupServer(chatHandler())
  server.listen({ onUnhandledRequest: 'error' })
  try {
    console.log("  alice and bob join room 'lobby'")
    const alice = member('lobby', 'alice')
    await alice.received(1)
    const bob = member('lobby', 'bob')
    await Promise.all([alice.opened, bob.opened, bob.received(1)])
    console.log("  alice.say('hi bob')")
    console.log(`    → alice sends {"text":"hi bob"}`)
    alice.say('hi bob')
    await Promise.all([alice.received(2), bob.received(2)])
    const outcomes = await Promise.all([alice.leave(), bob.leave()])
    console.log(
      `    = alice got ${alice.frames.length} frames, bob ${bob.frames.length}; both left (${outcomes.join(', ')})`,
    )
  } finally {
    server.close()
  }
}
