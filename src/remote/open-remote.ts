import type { PipelineOptions } from '../runtime/handle-request'
import { bindIncomingScopes } from './incoming-scope'
import { RemoteClient } from './remote-client'
import { remoteConnectionDelegate, remoteDelegate } from './remote-delegate'
import type { ConnectionOptions } from '../ws/handle-connection'
import { remoteConfig, type RemoteOptions } from './remote-options'

/** An app process's link to its remote while its server listens. */
export interface OpenRemote {
  readonly delegate: NonNullable<PipelineOptions['delegate']>
  readonly connectionDelegate: NonNullable<ConnectionOptions['connectionDelegate']>
  close(): void
}

/**
 * Opens `listen({ remote })`: checks the options, binds incoming requests to the scope their
 * header names (only from now on, only in this process), and makes the pipeline's delegates
 * (requests and WebSocket connections).
 */
export function openRemote(option: true | RemoteOptions): OpenRemote {
  const client = new RemoteClient(remoteConfig(option))
  const unbind = bindIncomingScopes(client.config.scopeHeader)
  return {
    delegate: remoteDelegate(client),
    connectionDelegate: remoteConnectionDelegate(client),
    close() {
      unbind()
      client.close()
    },
  }
}
