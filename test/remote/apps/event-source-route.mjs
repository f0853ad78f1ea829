// GET /events?url=…&until=N: the app follows an event stream with the `eventsource` package until
// the event with id N, and answers with every event and error it saw, in order.
import { EventSource } from 'eventsource'

export function eventSourceRoute(req, res) {
  const query = new URL(req.url, 'http://app.local').searchParams
  const until = query.get('until')
  const seen = []
  const source = new EventSource(query.get('url'))
  source.onerror = () => seen.push('error')
  source.onmessage = (event) => {
    seen.push(`${event.lastEventId}: ${event.data}`)
    if (event.lastEventId !== until) return
    source.close()
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify(seen))
  }
}
