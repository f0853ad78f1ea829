// The names of the memory runs' kinds of work (memory.mjs), as the report and the goals print them.

const LABELS = {
  'listen-close': 'listen/close cycles',
  'ws-open-close': 'WebSocket connections opened, echoed once and closed',
  'graphql-ws-events': 'GraphQL subscription events (graphql-transport-ws) to one subscriber',
  'graphql-sse-events': 'GraphQL subscription events (GraphQL over SSE) to one subscriber',
  'graphql-multipart-events': 'GraphQL subscription events (Apollo multipart) to one subscriber',
}

export function memoryWorkLabel(kind) {
  return LABELS[kind] ?? `${kind} requests`
}
