// An app that never imports mocklib: run with `node --import mocklib/remote` to mock it from a test.
import http from 'node:http'
import { forward } from './forward.mjs'

const server = http.createServer((req, res) => void forward(req, res))
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })))
process.on('SIGTERM', () => {
  server.close()
  server.closeAllConnections()
})
