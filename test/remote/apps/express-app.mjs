// An Express app that mocks through the test process's remote (listen({ remote: true })), with one
// handler of its own (and a ws handler). GET /forward?url=… makes that request and answers with
// what came back; GET /outcome?url=… what its client saw (outcome.mjs); GET /ws?url=… opens a
// WebSocket there (websocket-route.mjs); GET /events?url=… follows an event stream (event-source-route.mjs).
import express from 'express'
import { HttpResponse, http, ws } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { forward } from './forward.mjs'
import { outcome } from './outcome.mjs'
import { websocketRoute } from './websocket-route.mjs'
import { eventSourceRoute } from './event-source-route.mjs'

const server = setupServer(
  http.get('https://api.example.test/local-only', () => HttpResponse.json({ from: 'app' })),
  ws.link('wss://chat.example.test/local-only').addEventListener('connection', ({ client }) => {
    client.send('from the app')
    client.addEventListener('message', () => client.close(1000, 'app done'))
  }),
)
server.listen({
  remote: {
    timeout: Number(process.env.APP_REMOTE_TIMEOUT ?? 2000),
    fallback: process.env.APP_REMOTE_FALLBACK ?? 'local',
  },
  onUnhandledRequest: 'bypass',
})

const app = express()
app.all('/forward', forward)
app.get('/outcome', outcome)
app.get('/ws', websocketRoute)
app.get('/events', eventSourceRoute)
const listening = app.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: listening.address().port })))
process.on('SIGTERM', () => {
  server.close()
  listening.close()
  listening.closeAllConnections()
})
