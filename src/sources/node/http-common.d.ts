// Node's HTTP parser module, as far as the lean http source uses it (lean-http-socket.ts). It has
// no types of its own in @types/node.
declare module 'node:_http_common' {
  export interface RequestParser {
    initialize(type: number, resource: object): void
    execute(data: Buffer): unknown
    close(): void
    [callback: number]: unknown
  }
  export const HTTPParser: {
    new (): RequestParser
    readonly REQUEST: number
    readonly kOnHeaders: number
    readonly kOnHeadersComplete: number
    readonly kOnBody: number
    readonly kOnMessageComplete: number
  }
}
