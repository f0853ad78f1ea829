// The streaming half of the demo: a chat client posts a prompt and reads the answer as a
// server-sent event stream with plain fetch, as LLM SDKs do; an sse() handler streams it.
import { delay, sse } from 'mocklib'
import { setupServer } from 'mocklib/node'

const API = 'https://api.example.test'

/** The app: reads `data:` lines as they arrive and hands over each token, until [DONE]. */
async function streamChat(prompt, onToken) {
  const response = await fetch(`${API}/v1/chat`, {
    method: 'POST',
    headers: { accept: 'text/event-stream', 'content-type': 'application/json' },
    body: JSON.stringify({ prompt }),
  })
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return 'stream ended'
    buffer += value
    for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
      const event = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      const data = event
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5))
        .join('\n')
      if (data === '[DONE]') return 'done'
      onToken(JSON.parse(data).token)
    }
  }
}

export async function run() {
  console.log(`Streaming: a chat answer over server-sent events from ${API}/v1/chat`)
  const server = setupServer(
    sse(
      `${API}/v1/chat`,
      async ({ client, request }) => {
        const { prompt } = await request.json()
        for (const token of `You asked: "${prompt}". Here is the answer, word by word.`.split(' ')) {
          client.send({ data: { token } })
          await delay(15)
        }
        client.send({ data: '[DONE]' })
        client.close()
      },
      { method: 'POST' },
    ),
  )
  server.listen({ onUnhandledRequest: 'error' })
  try {
    console.log("  streamChat('What is mocklib?')")
    const tokens = []
    const outcome = await streamChat('What is mocklib?', (token) => {
      tokens.push(token)
      console.log(`    ← data: {"token":${JSON.stringify(token)}}`)
    })
    console.log(`    = ${outcome} after ${tokens.length} tokens: ${tokens.join(' ')}`)
  } finally {
    server.close()
  }
}
