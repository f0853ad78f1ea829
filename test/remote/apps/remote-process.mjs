// A test process of its own, to be stopped and restarted under an app: a remote whose handlers
// answer UPSTREAM/who and hang on UPSTREAM/hang (printing {"resolving": true} once it has taken the request).
import { HttpResponse, http } from 'mocklib'
import { setupRemoteServer } from 'mocklib/node'

const upstream = process.env.UPSTREAM
const remote = setupRemoteServer(
  http.get(`${upstream}/who`, () => HttpResponse.text('child remote')),
  http.get(`${upstream}/hang`, () => {
    // Printed on the next turn, after the remote has acknowledged the request (an answer not
    // ready at once gets its 102 then): the app knows its remote took it.
    setImmediate(() => console.log(JSON.stringify({ resolving: true })))
    return new Promise(() => {})
  }),
)
await remote.listen({ port: Number(process.env.REMOTE_PORT ?? 0), token: process.env.REMOTE_TOKEN })
console.log(JSON.stringify({ env: remote.env() }))
