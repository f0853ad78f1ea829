import {
  isReference,
  pointerToken,
  type OpenApiDocument,
  type OperationObject,
  type PathItem,
  type Reference,
  type ResponseObject,
} from './document'

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const

const isMethod = (key: string): key is (typeof METHODS)[number] => (METHODS as readonly string[]).includes(key)

/** One operation of the document, as a handler needs it. */
export interface Operation {
  /** The operationId, else "METHOD /path/template". */
  id: string
  /** "GET /pets/{petId} (showPetById)", for messages. */
  label: string
  method: (typeof METHODS)[number]
  /** The path template as the document writes it. */
  path: string
  /** The server URL it is served on (variables replaced by their defaults), without a trailing slash. */
  server: string
  responses: Record<string, ResponseObject | Reference>
  /** Where the operation object is in the document, as a JSON pointer ("/paths/~1pets/get"). */
  pointer: string
}

/** Every operation of the document, in its order. `baseUrl` replaces the declared servers. */
export function collectOperations(document: OpenApiDocument, baseUrl?: string): Operation[] {
  const operations: Operation[] = []
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const pathItem = (isReference(item) ? undefined : item) as PathItem | undefined
    // In the document's order, which is the handlers' precedence.
    for (const method of Object.keys(pathItem ?? {}).filter(isMethod)) {
      const operation = pathItem?.[method] as OperationObject | undefined
      if (typeof operation !== 'object' || operation === null) continue
      const template = `${method.toUpperCase()} ${path}`
      const servers = operation.servers ?? pathItem?.servers ?? document.servers
      operations.push({
        id: operation.operationId ?? template,
        label: operation.operationId === undefined ? template : `${template} (${operation.operationId})`,
        method,
        path,
        server: (baseUrl ?? serverUrl(servers?.[0])).replace(/\/+$/, ''),
        responses: operation.responses ?? {},
        pointer: `/paths/${pointerToken(path)}/${method}`,
      })
    }
  }
  return operations
}

/** A server object's URL with its variables at their defaults; OpenAPI's default server is "/". */
function serverUrl(server: NonNullable<OpenApiDocument['servers']>[number] | undefined): string {
  if (server === undefined) return ''
  const url = server.url.replace(/\{([^}]+)\}/g, (_, name: string) => server.variables?.[name]?.default ?? '')
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(url) || url.startsWith('/') ? url : `/${url}`
}

/** The handler's path: server URL + path template, `{name}` written as mocklib's `:name`. */
export function handlerPath(operation: Operation): string {
  return operation.server + pathPattern(operation.path)
}

/**
 * An OpenAPI path template as an `http` handler path: `/pets/{petId}` → `/pets/:petId`. A handler's
 * parameter names are word characters, so others are written as `_` (`{team-id}` → `:team_id`);
 * documentParams() gives the matched values their document names back.
 */
export const pathPattern = (template: string): string =>
  template.replace(/\{([^}]+)\}/g, (_, name: string) => `:${handlerParam(name)}`)

const handlerParam = (name: string): string => name.replace(/[^A-Za-z0-9_]/g, '_')

/** The path parameters a handler matched, by the names the template gives them. */
export function documentParams<T>(template: string, params: Record<string, T>): Record<string, T> {
  if (!/\{[^}]*[^A-Za-z0-9_{}][^}]*\}/.test(template)) return params
  const named: Record<string, T> = {}
  for (const [, name] of template.matchAll(/\{([^}]+)\}/g)) named[name!] = params[handlerParam(name!)]!
  return named
}
