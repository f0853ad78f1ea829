// Type tests (scripts/suite-types.mjs): type imports written for MSW 2.14 compile against
// mocklib, and mean what they meant.
import {
  graphql,
  http,
  HttpHandler,
  HttpResponse,
  type AnyHandler,
  type DefaultRequestMultipartBody,
  type GraphQLJsonRequestBody,
  type GraphQLRequestBody,
  type HttpHandlerMethod,
  type HttpRequestParsedResult,
  type HttpRequestResolverExtras,
  type JsonBodyType,
  type Match,
  type ParsedGraphQLRequest,
  type Path,
  type RequestQuery,
  type ResponseResolutionContext,
  type ResponseResolverInfo,
  type ServerSentEventResolverExtras,
  type SharedOptions,
  type StrictResponse,
} from 'mocklib'
import { setupServer } from 'mocklib/node'

const body: JsonBodyType = { nested: [1, 'two', null] }
const strict: StrictResponse<{ id: string }> = HttpResponse.json({ id: '1' })
http.get<never, never, { id: string }>('https://api.test/strict', () => strict)
const form: DefaultRequestMultipartBody = { name: 'a', files: [new File(['x'], 'x.txt')] }
const query: RequestQuery = { page: '1' }
const context: ResponseResolutionContext = { baseUrl: 'https://app.test/' }
const options: SharedOptions = { onUnhandledRequest: 'error' }
setupServer().listen(options)
const method: HttpHandlerMethod = /^(GET|HEAD)$/
new HttpHandler(method, 'https://api.test/x', () => HttpResponse.text('x'))
const path: Path = /\/users\/\d+/
const match: Match = { matches: true, params: { id: '1' } }
void [body, form, query, context, path, match]

// A resolver typed with MSW's pieces.
function userResolver(info: ResponseResolverInfo<HttpRequestResolverExtras<{ id: string }>, { name: string }>) {
  const id: string = info.params.id
  const session: string | undefined = info.cookies.session
  return info.request.json().then(({ name }) => HttpResponse.json({ id, name, session }))
}
http.post<{ id: string }, { name: string }>('https://api.test/users/:id', userResolver)

// A GraphQL request body, as a client builds it.
const request: GraphQLJsonRequestBody<{ id: string }> = {
  query: 'query GetUser($id: ID!) { user(id: $id) { id } }',
  variables: { id: '1' },
}
// @ts-expect-error: variables have the given type
const wrongRequest: GraphQLJsonRequestBody<{ id: string }> = { query: '{ a }', variables: { id: 1 } }
void [request, wrongRequest]

const handlers: AnyHandler[] = [http.get('https://api.test/a', () => undefined), graphql.query('A', () => undefined)]
setupServer(...handlers)

// Parsing results and resolver extras under MSW's names.
const bodies: GraphQLRequestBody<{ id: string }>[] = [request, { operations: '{}', map: '{}' }, undefined]
const parsed: ParsedGraphQLRequest<{ id: string }> = {
  operationType: 'query',
  operationName: 'GetUser',
  query: request.query,
  variables: { id: '1' },
}
const parsedResult: HttpRequestParsedResult = { match, cookies: { session: 'abc' } }
function onEvents({ client, params }: ServerSentEventResolverExtras<{ tick: number }, { room: string }>) {
  client.send({ event: 'tick', data: Number(params.room) })
}
void [bodies, parsed, parsedResult, onEvents]
