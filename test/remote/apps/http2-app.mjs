// An HTTP/2 app (cleartext) that never imports mocklib: each request it serves fetches the API's
// user and answers with it. HTTP2_API=compat serves through the request/response API,
// otherwise through the core API's 'stream' event.
import http2 from 'node:http2'

const user = async () => (await fetch('https://api.example.test/user')).text()

const server = http2.createServer()
if (process.env.HTTP2_API === 'compat') {
  server.on('request', async (req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(await user())
  })
} else {
  server.on('stream', async (stream) => {
    const body = await user()
    stream.respond({ ':status': 200, 'content-type': 'application/json' })
    stream.end(body)
  })
}
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })))
process.on('SIGTERM', () => server.close())
