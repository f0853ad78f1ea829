// The MSW 3 parity harness: one scenario, written once with MSW 3's entries (msw/http,
// msw/graphql, msw/ws, msw/sse, msw/utils/*), run under msw@3.0.5 and under mocklib in turn,
// never both listening at once. msw 3's interceptors need Node 22, so these files run only
// through scripts/suite-msw3-parity.mjs (vitest.msw3.config.ts), never in the Node 20 run.
import * as msw3Http from 'msw3/http'
import * as msw3Graphql from 'msw3/graphql'
import * as msw3Ws from 'msw3/ws'
import * as msw3Sse from 'msw3/sse'
import { bypass as msw3Bypass } from 'msw3/utils/bypass'
import { delay as msw3Delay } from 'msw3/utils/delay'
import { getCleanUrlString as msw3GetCleanUrlString } from 'msw3/utils/get-clean-url-string'
import { getResponse as msw3GetResponse } from 'msw3/utils/get-response'
import { passthrough as msw3Passthrough } from 'msw3/utils/passthrough'
import { setupServer as msw3SetupServer } from 'msw3/node'
import * as msw3Experimental from 'msw3/experimental'
import * as http from 'mocklib/http'
import * as graphql from 'mocklib/graphql'
import * as ws from 'mocklib/ws'
import * as sse from 'mocklib/sse'
import { bypass } from 'mocklib/utils/bypass'
import { delay } from 'mocklib/utils/delay'
import { getCleanUrlString } from 'mocklib/utils/get-clean-url-string'
import { getResponse } from 'mocklib/utils/get-response'
import { passthrough } from 'mocklib/utils/passthrough'
import { setupServer } from 'mocklib/node'
import * as experimental from 'mocklib/experimental'
import { fetchOutcome } from '../parity/harness'

/** What a scenario may use: MSW 3's entry points, under mocklib's types. */
export interface Lib3 {
  name: 'msw3' | 'mocklib'
  http: typeof http
  graphql: typeof graphql
  ws: typeof ws
  sse: typeof sse
  experimental: typeof experimental
  utils: {
    bypass: typeof bypass
    delay: typeof delay
    getCleanUrlString: typeof getCleanUrlString
    getResponse: typeof getResponse
    passthrough: typeof passthrough
  }
  setupServer: typeof setupServer
}

// msw 3's types differ in detail (rettime events, generics); the scenarios use mocklib's.
export const msw3 = {
  name: 'msw3',
  http: msw3Http,
  graphql: msw3Graphql,
  ws: msw3Ws,
  sse: msw3Sse,
  experimental: msw3Experimental,
  utils: {
    bypass: msw3Bypass,
    delay: msw3Delay,
    getCleanUrlString: msw3GetCleanUrlString,
    getResponse: msw3GetResponse,
    passthrough: msw3Passthrough,
  },
  setupServer: msw3SetupServer,
} as unknown as Lib3

export const mocklib: Lib3 = {
  name: 'mocklib',
  http,
  graphql,
  ws,
  sse,
  experimental,
  utils: { bypass, delay, getCleanUrlString, getResponse, passthrough },
  setupServer,
}

/** Runs the scenario under msw 3, then under mocklib. */
export async function runBoth3<T>(scenario: (lib: Lib3) => Promise<T>): Promise<{ msw3: T; mocklib: T }> {
  return { msw3: await scenario(msw3), mocklib: await scenario(mocklib) }
}

/**
 * A fetch outcome without the response's `type`: msw 3 gives its mocked responses the type of a
 * network one ('basic'), mocklib keeps msw 2's 'default' (pinned in http-and-utils.test.ts).
 */
export async function fetchOutcome3(input: string, init?: RequestInit): Promise<unknown> {
  const outcome = await fetchOutcome(input, init)
  if (!('type' in outcome)) return outcome
  const { type: _type, ...rest } = outcome
  return rest
}
