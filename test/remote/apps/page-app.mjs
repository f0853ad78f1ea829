// A server-rendered app that never imports mocklib (run with --import mocklib/remote): GET /
// renders the user it fetches from the API, and the page then asks /api/greeting, which the
// server answers with another API call; POST /api/echo sends the posted text on to the API.
import http from 'node:http'

const API = 'https://api.example.test'

async function render() {
  const user = await (await fetch(`${API}/user`)).json()
  return `<!doctype html><title>app</title><h1 id="name">${user.name}</h1><p id="greeting">…</p>
<script>fetch('/api/greeting').then((r) => r.text()).then((text) => (document.getElementById('greeting').textContent = text))</script>`
}

const server = http.createServer(async (req, res) => {
  try {
    if (req.url === '/health') return void res.end('ok')
    if (req.url === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(await render())
    if (req.url === '/api/greeting') return void res.end(await (await fetch(`${API}/greeting`)).text())
    if (req.url === '/api/echo' && req.method === 'POST') {
      const chunks = []
      for await (const chunk of req) chunks.push(chunk)
      const answer = await fetch(`${API}/echo`, { method: 'POST', body: Buffer.concat(chunks) })
      return void res.end(await answer.text())
    }
    res.writeHead(404).end()
  } catch (error) {
    res.writeHead(500).end(String(error?.cause?.message ?? error?.message ?? error))
  }
})
server.listen(Number(process.env.APP_PORT), '127.0.0.1')
process.on('SIGTERM', () => {
  server.close()
  server.closeAllConnections()
})
