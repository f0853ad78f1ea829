// A Node CommonJS module (module/moduleResolution node16): resolves the `require` types (.d.cts).
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

const server = setupServer(
  http.delete<{ id: string }>('https://api.test/posts/:id', ({ params }) =>
    params.id === '1' ? HttpResponse.json({ id: params.id }) : new HttpResponse(null, { status: 404 }),
  ),
)
server.listen()
server.resetHandlers()
server.restoreHandlers()
const count: number = server.listHandlers().length
// @ts-expect-error listen() takes an options object, not a string.
server.listen('error')
server.close()
void count
