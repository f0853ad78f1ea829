import type { RequestReply, SerializedRequest, SerializedResponse } from './worker-protocol'

/** Rebuilds in the page the request the worker caught, body included. */
export function deserializeRequest(data: SerializedRequest): Request {
  const base: RequestInit = {
    method: data.method,
    headers: data.headers,
    body: data.method === 'GET' || data.method === 'HEAD' ? null : (data.body ?? null),
    credentials: data.credentials,
    cache: data.cache,
    redirect: data.redirect,
    integrity: data.integrity,
  }
  try {
    // Mode and keep-alive carry restrictions (no-cors methods, keep-alive body size) that a
    // request the browser already accepted meets; referrer must be same-origin to be set.
    return new Request(data.url, {
      ...base,
      mode: data.mode === 'navigate' ? undefined : data.mode,
      keepalive: data.keepalive,
      referrerPolicy: data.referrerPolicy,
      referrer: sameOriginReferrer(data.referrer),
    })
  } catch {
    return new Request(data.url, base)
  }
}

function sameOriginReferrer(referrer: string): string | undefined {
  if (referrer === '' || referrer === 'about:client') return referrer || undefined
  try {
    return new URL(referrer).origin === location.origin ? referrer : undefined
  } catch {
    return undefined
  }
}

/**
 * The reply for a mocked response, and what to transfer with it. The body travels as a
 * stream when the browser can transfer streams (it is then never buffered), otherwise as bytes.
 */
export async function serializeMocked(response: Response): Promise<{ reply: RequestReply; transfer: Transferable[] }> {
  const head: Omit<SerializedResponse, 'body'> = {
    status: response.status,
    statusText: response.statusText,
    // Set-Cookie cannot be set on a worker's response; the page stored it in document.cookie.
    headers: [...response.headers].filter(([name]) => name.toLowerCase() !== 'set-cookie'),
  }
  // eslint-disable-next-line mocklib/no-response-body -- the page hands the stream itself to the worker
  const body = response.body
  if (body === null) return { reply: { type: 'mocked', ...head, body: null }, transfer: [] }
  if (canTransferStreams())
    return { reply: { type: 'mocked', ...head, body }, transfer: [body as unknown as Transferable] }
  const bytes = await response.arrayBuffer()
  return { reply: { type: 'mocked', ...head, body: bytes }, transfer: [bytes] }
}

let transferableStreams: boolean | undefined
function canTransferStreams(): boolean {
  if (transferableStreams === undefined) {
    try {
      const stream = new ReadableStream()
      const { port1 } = new MessageChannel()
      port1.postMessage(stream, [stream as unknown as Transferable])
      port1.close()
      transferableStreams = true
    } catch {
      transferableStreams = false
    }
  }
  return transferableStreams
}

export function deserializeResponse(data: SerializedResponse): Response {
  return new Response(data.body, { status: data.status, statusText: data.statusText, headers: data.headers })
}
