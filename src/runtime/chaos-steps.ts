// The decisions one chaos makes, as a scope's pipeline step reads them (handler-state.ts keeps
// them per scope; chaos.ts makes them): apart from chaos.ts, so that the handler state does not
// import the handlers chaos wraps.

/** What chaos does to one request: answer it (a fault), or let it be answered and maybe cut the response. */
export interface RequestStep {
  answer?: Response
  cut?: (response: Response) => Response
}

/** What chaos does to one WebSocket connection: drop it after some messages, delay each message. */
export interface ConnectionStep {
  dropAfter: number | undefined
  delayMessage: (() => number) | undefined
}

/**
 * The decisions of one chaos, shared by its handler wrapper and a scope's pipeline step: one
 * per request (`method url`, which waits the latency and never settles for a 'hang'), one per
 * connection.
 */
export interface ChaosSteps {
  request(method: string, url: string): Promise<RequestStep>
  connection(url: URL): ConnectionStep
}
