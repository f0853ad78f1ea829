// The parity harness: one scenario, written once against the shared API, run under msw 2.14
// and under mocklib in turn (never both listening at once), so a test can compare what a
// user of each library would observe.
import http from 'node:http'
import https from 'node:https'
import * as mswCore from 'msw'
import { setupServer as mswSetupServer } from 'msw/node'
import * as mocklibCore from 'mocklib'
import type { RequestHandler } from 'mocklib'
import { setupServer as mocklibSetupServer, type ListenOptions, type SetupServer } from 'mocklib/node'
import { vi } from 'vitest'

type Core = typeof mocklibCore

/** What a scenario may use: the names both libraries export, under the same types. */
export interface Lib {
  name: 'msw' | 'mocklib'
  http: Core['http']
  HttpHandler: Core['HttpHandler']
  GraphQLHandler: Core['GraphQLHandler']
  RequestHandler: Core['RequestHandler']
  graphql: Core['graphql']
  HttpResponse: Core['HttpResponse']
  passthrough: Core['passthrough']
  bypass: Core['bypass']
  delay: Core['delay']
  getResponse: Core['getResponse']
  isCommonAssetRequest: Core['isCommonAssetRequest']
  ws: Core['ws']
  sse: Core['sse']
  setupServer: typeof mocklibSetupServer
}

// msw's types differ in detail (generics, branded bodies); the scenarios use mocklib's.
export const msw = {
  name: 'msw',
  http: mswCore.http,
  HttpHandler: mswCore.HttpHandler,
  GraphQLHandler: mswCore.GraphQLHandler,
  RequestHandler: mswCore.RequestHandler,
  graphql: mswCore.graphql,
  HttpResponse: mswCore.HttpResponse,
  passthrough: mswCore.passthrough,
  bypass: mswCore.bypass,
  delay: mswCore.delay,
  getResponse: mswCore.getResponse,
  isCommonAssetRequest: mswCore.isCommonAssetRequest,
  ws: mswCore.ws,
  sse: mswCore.sse,
  setupServer: mswSetupServer,
} as unknown as Lib

export const mocklib: Lib = {
  name: 'mocklib',
  http: mocklibCore.http,
  HttpHandler: mocklibCore.HttpHandler,
  GraphQLHandler: mocklibCore.GraphQLHandler,
  RequestHandler: mocklibCore.RequestHandler,
  graphql: mocklibCore.graphql,
  HttpResponse: mocklibCore.HttpResponse,
  passthrough: mocklibCore.passthrough,
  bypass: mocklibCore.bypass,
  delay: mocklibCore.delay,
  getResponse: mocklibCore.getResponse,
  isCommonAssetRequest: mocklibCore.isCommonAssetRequest,
  ws: mocklibCore.ws,
  sse: mocklibCore.sse,
  setupServer: mocklibSetupServer,
}

export interface Outcomes<T> {
  msw: T
  mocklib: T
}

/** Runs the scenario under msw, then under mocklib. */
export async function runBoth<T>(scenario: (lib: Lib) => Promise<T>): Promise<Outcomes<T>> {
  return { msw: await scenario(msw), mocklib: await scenario(mocklib) }
}

export type HandlerOf<L extends Lib> = ReturnType<L['http']['get']>

/**
 * setupServer(...handlers), listen(options), run, and close even when the body throws.
 * The body gets the server for use(), events and the rest.
 */
export async function withServer<T>(
  lib: Pick<Lib, 'setupServer'>,
  handlers: RequestHandler[],
  options: ListenOptions,
  body: (server: SetupServer) => Promise<T>,
): Promise<T> {
  const server = lib.setupServer(...handlers)
  server.listen(options)
  try {
    return await body(server)
  } finally {
    server.close()
  }
}

export type ConsoleMethod = 'log' | 'info' | 'warn' | 'error' | 'debug' | 'groupCollapsed'
const methods: ConsoleMethod[] = ['log', 'info', 'warn', 'error', 'debug', 'groupCollapsed']

/**
 * Records which console methods were called while `body` runs, each once, in order of first
 * call — not their text or count (msw prints an error and its explanation as two calls,
 * mocklib as one; mocklib's messages are its own). The console is silenced meanwhile.
 */
export async function consoleCalls<T>(body: () => Promise<T>): Promise<{ result: T; calls: ConsoleMethod[] }> {
  const calls: ConsoleMethod[] = []
  const spies = methods.map((method) =>
    vi.spyOn(console, method).mockImplementation(() => {
      if (!calls.includes(method)) calls.push(method)
    }),
  )
  try {
    const result = await body()
    return { result, calls }
  } finally {
    for (const spy of spies) spy.mockRestore()
  }
}

/** The parts of a response a user sees, with headers as a sorted list (Set-Cookie kept apart). */
export interface ResponseSummary {
  status: number
  statusText: string
  type: string
  headers: [string, string][]
  body: string
}

export async function summarize(response: Response, ignoreHeaders: string[] = []): Promise<ResponseSummary> {
  const headers = [...response.headers]
    .filter(([name]) => !ignoreHeaders.includes(name))
    .sort(([a], [b]) => a.localeCompare(b))
  return {
    status: response.status,
    statusText: response.statusText,
    type: response.type,
    headers,
    body: await response.text(),
  }
}

/** fetch, and describe either the response or the rejection (error class, cause class). */
export async function fetchOutcome(
  input: string | Request,
  init?: RequestInit,
  ignoreHeaders: string[] = ['date', 'connection', 'keep-alive', 'transfer-encoding'],
): Promise<ResponseSummary | { rejected: string; cause?: string }> {
  try {
    return await summarize(await fetch(input, init), ignoreHeaders)
  } catch (error) {
    return describeError(error)
  }
}

/**
 * A rejection as the standard class a user can test for (TypeError or Error), and its cause's.
 * Custom subclasses differ by name only (msw's InternalError, mocklib's UnhandledRequestError).
 */
export function describeError(error: unknown): { rejected: string; cause?: string } {
  const kind = (value: unknown) =>
    value instanceof TypeError
      ? 'TypeError'
      : value instanceof Error
        ? 'Error'
        : value instanceof Response
          ? 'Response'
          : typeof value
  const cause = error instanceof Error ? (error as { cause?: unknown }).cause : undefined
  return cause === undefined ? { rejected: kind(error) } : { rejected: kind(error), cause: kind(cause) }
}

export interface NodeResponseSummary {
  status: number
  statusMessage: string
  headers: [string, string][]
  body: string
}

const volatileHeaders = ['date', 'connection', 'keep-alive', 'transfer-encoding']

/** http.request (or https.request by URL), and describe the answer or the 'error' event. */
export async function httpRequestOutcome(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<NodeResponseSummary | { rejected: string; cause?: string }> {
  // The modules' own objects: interceptors patch their properties, not ESM named exports.
  const { request } = url.startsWith('https:') ? https : http
  return new Promise((resolve) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          statusMessage: response.statusMessage ?? '',
          headers: Object.entries(response.headers)
            .filter(([name]) => !volatileHeaders.includes(name))
            .map(([name, value]): [string, string] => [name, Array.isArray(value) ? value.join(' | ') : String(value)])
            .sort(([a], [b]) => a.localeCompare(b)),
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      )
    })
    req.on('error', (error) => resolve(describeError(error)))
    if (init.body !== undefined) req.write(init.body)
    req.end()
  })
}

/** What a real server received, reduced to what a comparison needs. */
export function received(
  requests: { method: string; path: string; headers: Record<string, string | string[] | undefined>; body: Buffer }[],
  headerNames: string[] = [],
): { method: string; path: string; headers: Record<string, unknown>; body: string }[] {
  return requests.map(({ method, path, headers, body }) => ({
    method,
    path,
    headers: Object.fromEntries(headerNames.map((name) => [name, headers[name]])),
    body: body.toString('utf8'),
  }))
}
