// The mocks: the posts API of SPEC.md section 4.1, kept in memory.
import { http, HttpResponse } from 'mocklib'

export function restHandlers(baseUrl) {
  const posts = new Map([['1', { id: '1', title: 'Hello, mocklib' }]])

  return [
    http.get(`${baseUrl}/posts`, () => HttpResponse.json([...posts.values()])),

    http.post(`${baseUrl}/posts`, async ({ request }) => {
      const post = await request.json()
      posts.set(post.id, post)
      return HttpResponse.json(post, { status: 201 })
    }),

    http.delete(`${baseUrl}/posts/:id`, ({ params }) => {
      const post = posts.get(params.id)
      // A missing post: 404 with no body.
      if (post === undefined) return new HttpResponse(null, { status: 404 })
      posts.delete(params.id)
      return HttpResponse.json(post)
    }),

    http.get(`${baseUrl}/user`, ({ cookies }) => {
      // No session cookie: 401 with no body.
      if (!cookies.session) return new HttpResponse(null, { status: 401 })
      return HttpResponse.json({ id: 'u1', name: 'Ada Lovelace' })
    }),
  ]
}
