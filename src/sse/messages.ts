import { describeRequest, format } from '../runtime/messages'

/** What the sse() handler prints or throws; each names the handler and says what to change. */
export const sseMessages = {
  badMessage(header: string, method: string, reason: string): string {
    return format(`client.${method}() in the event stream handler "${header}" cannot write this message: ${reason}`)
  },
  notAMessage(header: string, value: unknown): string {
    return format(
      `client.send() in the event stream handler "${header}" needs a message object such as { data: 'hello' } or { event: 'tick', data: { n: 1 } }, got ${value === null ? 'null' : typeof value}.`,
    )
  },
  sendAfterEnd(header: string, method: string, how: 'close' | 'error'): string {
    return format(
      `client.${method}() was called in the event stream handler "${header}" after client.${how}() ended the stream, so nothing was sent. ` +
        'Send before ending it; to stop a timer with the stream, clear it in finalize(() => ...) or on client.signal.',
    )
  },
  badDispatch(header: string, type: string): string {
    return format(
      `client.dispatchEvent() in the event stream handler "${header}" got a "${type}" event that is not a MessageEvent. ` +
        "Pass a MessageEvent (it is sent to the client), or an Event of type 'error' or 'close'.",
    )
  },
  resolverFailedAfterStart(header: string, request: Request): string {
    return format(
      `The event stream handler "${header}" threw after it had started streaming to ${describeRequest(request)}. ` +
        'The stream was ended with an error (the client sees the connection break). The error follows.',
    )
  },
  responseIgnored(header: string, request: Request): string {
    return format(
      `The event stream handler "${header}" returned a Response after it had started streaming to ${describeRequest(request)}; ` +
        'the Response was ignored. Return a Response (a 204 to stop reconnecting, a 401, ...) before sending anything.',
    )
  },
  resolverMissing(header: string, value: unknown): string {
    return format(
      `The event stream handler "${header}" needs a resolver function as its second argument, got ${value === null ? 'null' : typeof value}: sse(path, ({ client }) => client.send({ data: 'hello' })).`,
    )
  },
  badMethod(method: unknown): string {
    return format(
      `sse() got the method ${JSON.stringify(method)}. Pass an HTTP method name such as 'GET' (the default) or 'POST'.`,
    )
  },
  badAccept(accept: unknown): string {
    return format(
      `sse() got { accept: ${JSON.stringify(accept)} }. Pass 'event-stream' (the default: the Accept header must list text/event-stream) or 'any'.`,
    )
  },
  connectTwice(header: string): string {
    return format(
      `server.connect() was called twice in the event stream handler "${header}". Keep the source the first call returned.`,
    )
  },
  upstreamRefused(url: string, status: number, type: string | null): string {
    return format(
      `server.connect() to ${url} got status ${status} with content type ${type ?? '(none)'}, not a 200 text/event-stream. ` +
        'The mocked stream was ended with an error; listen for "error" on the source and call event.preventDefault() to keep it open.',
    )
  },
}
