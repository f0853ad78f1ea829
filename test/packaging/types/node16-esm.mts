// A Node ES module project (module/moduleResolution node16) using the published types.
import { bypass, delay, getResponse, http, HttpResponse, passthrough, type HttpResponseResolver } from 'mocklib'
import { setupServer, type SetupServer } from 'mocklib/node'

interface Post {
  id: string
  title: string
}

const getPost = http.get<{ id: string }, never, Post>('https://api.test/posts/:id', ({ params }) =>
  HttpResponse.json({ id: params.id, title: 'Hello' }),
)
const createPost: HttpResponseResolver<never, Post, Post> = async ({ request }) => {
  const post: Post = await request.json()
  return HttpResponse.json(post, { status: 201 })
}
// @ts-expect-error The response body must be a Post.
http.get<never, never, Post>('https://api.test/wrong', () => HttpResponse.json({ id: 1 }))

const server: SetupServer = setupServer(getPost, http.post('https://api.test/posts', createPost))
server.listen({ onUnhandledRequest: (request, print) => (request.url.includes('/skip') ? undefined : print.error()) })
server.use(
  http.get('https://api.test/slow', async () => {
    await delay(10)
    return passthrough()
  }),
  http.get('https://api.test/patched', async ({ request }) => {
    const real = await fetch(bypass(request))
    return HttpResponse.json({ status: real.status })
  }),
)
server.events.on('response:mocked', ({ response, requestId }) => console.log(requestId, response.status))
const bound: (a: number) => number = server.boundary((a: number) => a + 1)
const answer: Promise<Response | undefined> = getResponse([getPost], new Request('https://api.test/posts/1'))
void bound
void answer
