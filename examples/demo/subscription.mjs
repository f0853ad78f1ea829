// The GraphQL subscription part of the demo: a live feed built on the graphql-ws client
// subscribes to new posts; a graphql.link(url).subscription() handler plays the server. It
// accepts the connection only with a token (onConnect), sends the latest post at once, and the
// demo then pushes more posts from outside the handler (handler.publish()), as a test would.
import { graphql } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { createClient } from 'graphql-ws'

const ENDPOINT = 'https://api.example.test/graphql'
const ON_POST_ADDED = 'subscription OnPostAdded($feed: String!) { postAdded(feed: $feed) { id title } }'

/** The app: subscribes to a feed and hands each post to `onPost`; returns the way to stop. */
function watchFeed(feed, onPost) {
  // Created after server.listen(): graphql-ws takes the global WebSocket when the client is made.
  const client = createClient({
    url: ENDPOINT.replace('https:', 'wss:'),
    connectionParams: { token: 'demo-token' },
    retryAttempts: 0,
  })
  const stop = client.subscribe(
    { query: ON_POST_ADDED, variables: { feed } },
    {
      next: ({ data }) => onPost(data.postAdded),
      error: (error) => console.log('    ! error', error),
      complete: () => {},
    },
  )
  return async () => {
    stop()
    await client.dispose()
  }
}

function feedHandler(subscribed, ended) {
  const api = graphql.link(ENDPOINT, { onConnect: (payload) => payload.token === 'demo-token' })
  return api.subscription('OnPostAdded', ({ variables, subscription, finalize }) => {
    console.log(`    → subscribe OnPostAdded ${JSON.stringify(variables)} (graphql-transport-ws)`)
    finalize(() => {
      console.log('    ← the app unsubscribed: finalize ran')
      ended()
    })
    subscription.publish({ data: { postAdded: { id: '1', title: `Welcome to ${variables.feed}` } } })
    subscribed()
  })
}

export async function run() {
  console.log(`GraphQL subscription: a live feed at ${ENDPOINT} over WebSocket`)
  if (typeof globalThis.WebSocket !== 'function') {
    console.log(
      `  skipped: Node ${process.version} has no global WebSocket (start Node 20 with --experimental-websocket, as \`npm run demo\` does)`,
    )
    return
  }
  let subscribed
  let ended
  const ready = new Promise((resolve) => (subscribed = resolve))
  const finished = new Promise((resolve) => (ended = resolve))
  const handler = feedHandler(subscribed, ended)
  const server = setupServer(handler)
  server.listen({ onUnhandledRequest: 'error' })
  try {
    const posts = []
    let gotThree
    const three = new Promise((resolve) => (gotThree = resolve))
    const stop = watchFeed('news', (post) => {
      posts.push(post)
      console.log(`    ← post ${JSON.stringify(post)}`)
      if (posts.length === 3) gotThree()
    })
    await ready
    console.log('  the demo publishes two more posts with handler.publish()')
    handler.publish({ data: { postAdded: { id: '2', title: 'Subscriptions are mocked' } } })
    handler.publish({ data: { postAdded: { id: '3', title: 'From outside the handler' } } })
    await three
    await stop()
    await finished
    console.log(`    = the feed showed ${posts.length} posts; ${handler.subscriptions.size} subscription(s) still open`)
  } finally {
    server.close()
  }
}
