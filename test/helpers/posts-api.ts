import { http, HttpResponse, type RequestHandler } from 'mocklib'

/** A post of the posts API (schema/ has the same shape for GraphQL). */
export interface Post {
  id: string
  title: string
}

export const initialPosts: readonly Post[] = [
  { id: '1', title: 'Hello mocklib' },
  { id: '2', title: 'Second post' },
]

export interface PostsApi {
  handlers: RequestHandler[]
  /** Puts the initial posts back. */
  reset(): void
}

/**
 * The posts API, served under `base` (an origin such as
 * 'https://api.test', or '' for paths relative to the document).
 */
export function createPostsApi(base: string): PostsApi {
  const posts = new Map<string, Post>()
  const reset = () => {
    posts.clear()
    for (const post of initialPosts) posts.set(post.id, { ...post })
  }
  reset()

  const handlers: RequestHandler[] = [
    http.get(`${base}/posts`, () => HttpResponse.json([...posts.values()])),
    http.post<never, Post>(`${base}/posts`, async ({ request }) => {
      const post = await request.json()
      posts.set(post.id, post)
      return HttpResponse.json(post, { status: 201 })
    }),
    http.delete<{ id: string }>(`${base}/posts/:id`, ({ params }) => {
      const post = posts.get(params.id)
      if (post === undefined) return new HttpResponse(null, { status: 404 })
      posts.delete(params.id)
      return HttpResponse.json(post)
    }),
    http.get(`${base}/user`, ({ cookies }) => {
      if (!cookies.session) return new HttpResponse(null, { status: 401 })
      return HttpResponse.json({ name: 'Ada', session: cookies.session })
    }),
  ]
  return { handlers, reset }
}
