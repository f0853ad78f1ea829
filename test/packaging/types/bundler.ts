// An app compiled by a bundler (moduleResolution bundler, DOM lib), using all three entries.
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { setupWorker, type SetupWorker } from 'mocklib/browser'

const handlers = [
  http.get('/user', ({ cookies }) =>
    cookies.session ? HttpResponse.json({ name: 'Ada' }) : new HttpResponse(null, { status: 401 }),
  ),
]
export const worker: SetupWorker = setupWorker(...handlers)
export const server = setupServer(...handlers)
