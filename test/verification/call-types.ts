// Type tests (checked by `npm run typecheck`): a call's keys are typed by its handler.
import { graphql, http, HttpResponse, type HandlerCall, type HistoryEntry, type RequestHandler } from 'mocklib'
import { setupServer } from 'mocklib/node'

const create = http.post<{ team: string }>('https://api.test/teams/:team/users', () => HttpResponse.json({ id: 7 }))
const team: string = create.calls[0].params.team
// @ts-expect-error the handler's params have no such key
create.calls[0].params.nope.toString()
const status: number | undefined = create.calls[0].response?.status
const fellThrough: boolean = create.calls[0].fellThrough
const request: Request = create.calls[0].request

const getUser = graphql.query<{ user: { id: string } }, { id: string }>('GetUser', () =>
  HttpResponse.json({ data: { user: { id: '1' } } }),
)
const id: string = getUser.calls[0].variables.id
const operationName: string = getUser.calls[0].operationName
// @ts-expect-error variables are the handler's
getUser.calls[0].variables.other.toString()
// A call does not hand out the resolver's finalize().
// @ts-expect-error not a key of a call
getUser.calls[0].finalize(() => {})

const server = setupServer(create, getUser)
const entries: ReadonlyArray<HistoryEntry<RequestHandler>> = server.history
const answered: RequestHandler | undefined = entries[0].handler
const calls: ReadonlyArray<HandlerCall> = entries[0].calls

export { team, status, fellThrough, request, id, operationName, answered, calls }
