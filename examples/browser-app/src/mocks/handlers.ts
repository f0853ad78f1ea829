// The app's mock API (SPEC 4.1's posts): the same handlers could serve tests in Node
// through setupServer() from 'mocklib/node'.
import { http, HttpResponse } from 'mocklib'

export interface Post {
  id: string
  title: string
}

const posts = new Map<string, Post>([
  ['1', { id: '1', title: 'Mocked in the browser by mocklib' }],
  ['2', { id: '2', title: 'The Service Worker asks this page for every answer' }],
])
let nextId = 3

export const handlers = [
  http.get('/api/posts', () => HttpResponse.json([...posts.values()])),

  http.post<never, { title: string }>('/api/posts', async ({ request }) => {
    const { title } = await request.json()
    const post = { id: String(nextId++), title }
    posts.set(post.id, post)
    return HttpResponse.json(post, { status: 201 })
  }),

  http.delete('/api/posts/:id', ({ params }) => {
    const post = posts.get(String(params.id))
    if (post === undefined) return new HttpResponse(null, { status: 404 })
    posts.delete(post.id)
    return HttpResponse.json(post)
  }),

  http.post('/api/login', () =>
    HttpResponse.json({ ok: true }, { headers: { 'set-cookie': 'session=demo-session; Path=/' } }),
  ),

  http.get('/api/user', ({ cookies }) => {
    if (!cookies.session) return new HttpResponse(null, { status: 401 })
    return HttpResponse.json({ name: 'Ada Lovelace' })
  }),
]
