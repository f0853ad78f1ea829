import type { PipelineOptions, PipelineResult } from '../runtime/handle-request'
import { connectToNetwork, type ConnectionOptions } from '../ws/handle-connection'
import { currentIncomingScope } from './incoming-scope'
import type { RemoteClient } from './remote-client'
import { offerConnection } from './remote-connection'
import { RemoteError } from './remote-error'

type Delegate = NonNullable<PipelineOptions['delegate']>

/**
 * The app process's first step for every request (PipelineOptions.delegate): the remote answers
 * for the scope of the incoming request being served, if any. `undefined` (the remote has no
 * answer, or cannot be reached and the fallback is 'local') lets the local handlers resolve it.
 */
export function remoteDelegate(client: RemoteClient): Delegate {
  return async (ctx) => {
    try {
      const answer = await client.resolve(ctx, currentIncomingScope())
      switch (answer.outcome) {
        case 'mocked':
          return { type: 'mocked', response: answer.response, handler: undefined }
        case 'network-error':
          return { type: 'mocked', response: Response.error(), handler: undefined }
        case 'passthrough':
        case 'bypass':
          return { type: 'passthrough', reason: answer.outcome }
        case 'unhandled':
          return undefined
      }
    } catch (error) {
      return fallback(client.config.fallback, error)
    }
  }
}

function fallback(kind: RemoteClient['config']['fallback'], error: unknown): PipelineResult | undefined {
  if (!(error instanceof RemoteError && error.unavailable) || kind === 'error') return { type: 'error', error }
  return kind === 'local' ? undefined : { type: 'passthrough', reason: 'passthrough' }
}

type ConnectionDelegate = NonNullable<ConnectionOptions['connectionDelegate']>

/**
 * The app process's first step for every WebSocket connection: the remote's `ws` handlers for
 * the scope of the incoming request being served take it, or `undefined` lets the local
 * handlers have it. A remote out of reach takes the fallback, as for a request.
 */
export function remoteConnectionDelegate(client: RemoteClient): ConnectionDelegate {
  return async (raw) => {
    try {
      return (await offerConnection(client.config, raw, currentIncomingScope()))
        ? { type: 'mocked', handlers: [] }
        : undefined
    } catch (error) {
      const unavailable = error instanceof RemoteError && error.unavailable
      if (unavailable && client.config.fallback === 'local') return undefined
      if (unavailable && client.config.fallback === 'passthrough') {
        await connectToNetwork(raw)
        return { type: 'passthrough' }
      }
      raw.failClient(error, 1006, '')
      return { type: 'failed' }
    }
  }
}
