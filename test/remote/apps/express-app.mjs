// An Express app that mocks through the test process's remote (listen({ remote: true })), with one
// handler of its own. GET /forward?url=… makes that request and answers with what came back.
import express from 'express'
import { HttpResponse, http } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { forward } from './forward.mjs'

const server = setupServer(http.get('https://api.example.test/local-only', () => HttpResponse.json({ from: 'app' })))
server.listen({
  remote: {
    timeout: Number(process.env.APP_REMOTE_TIMEOUT ?? 2000),
    fallback: process.env.APP_REMOTE_FALLBACK ?? 'local',
  },
  onUnhandledRequest: 'bypass',
})

const app = express()
app.all('/forward', forward)
const listening = app.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: listening.address().port })))
process.on('SIGTERM', () => {
  server.close()
  listening.close()
  listening.closeAllConnections()
})
