// The REST half of the demo: the posts client runs against mocklib's setupServer.
import { setupServer } from 'mocklib/node'
import { logTraffic } from './log.mjs'
import { createPostsClient } from './posts-client.mjs'
import { restHandlers } from './rest-handlers.mjs'

const API = 'https://api.example.test'

export async function run() {
  console.log(`REST: the posts API at ${API}`)
  const server = setupServer(...restHandlers(API))
  // 'error': a request the mocks do not cover fails instead of reaching the network.
  server.listen({ onUnhandledRequest: 'error' })
  const log = logTraffic(server)
  const app = createPostsClient(API)
  const signedIn = createPostsClient(API, { session: 'demo-session' })

  const steps = [
    ['listPosts()', () => app.listPosts()],
    ["createPost({ id: '2', title: 'Second post' })", () => app.createPost({ id: '2', title: 'Second post' })],
    ['listPosts()', () => app.listPosts()],
    ["deletePost('2')", () => app.deletePost('2')],
    ["deletePost('2') again", () => app.deletePost('2')],
    ['getUser() without a session cookie', () => app.getUser()],
    ['getUser() with a session cookie', () => signedIn.getUser()],
  ]

  try {
    for (const [label, step] of steps) {
      console.log(`  ${label}`)
      const result = await step()
      await log.flush()
      console.log(`    = status ${result.status}, data ${JSON.stringify(result.data)}`)
    }
  } finally {
    server.close()
  }
}
