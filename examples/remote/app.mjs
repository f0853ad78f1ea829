// The app under test: a weather page that never imports mocklib. Its server fetches the forecast
// while rendering (during the request, as a Next.js server component does) and again in an API route.
import http from 'node:http'

const FORECAST = 'https://weather.example.com/forecast'

const server = http.createServer(async (req, res) => {
  try {
    const forecast = await (await fetch(`${FORECAST}?city=${req.url === '/api/forecast' ? 'api' : 'page'}`)).json()
    res
      .writeHead(200, { 'content-type': 'text/plain' })
      .end(`${forecast.city}: ${forecast.sky}, ${forecast.celsius} °C`)
  } catch (error) {
    res.writeHead(502).end(String(error.cause?.message ?? error.message))
  }
})
server.listen(0, '127.0.0.1', () => console.log(server.address().port))
