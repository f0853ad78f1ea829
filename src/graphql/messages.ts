import { describeRequest, describeValue, format } from '../runtime/messages'

/** Every message of the GraphQL handlers: names the handler or operation, says what to change. */
export const graphqlMessages = {
  notAPredicate(api: string, value: unknown): string {
    return format(
      `${api} needs an operation name, a RegExp, a GraphQL document (DocumentNode, TypedDocumentNode, ` +
        `TypedDocumentString, a persisted document with __meta__.hash) or a predicate function as its first argument, ` +
        `got ${describeValue(value)}.`,
    )
  },
  emptyName(api: string): string {
    return format(`${api} received an empty operation name. Pass the name of the operation, such as 'ListPosts'.`)
  },
  documentWithoutOperation(api: string): string {
    return format(
      `${api} received a GraphQL document with no operation (only fragments or type definitions). ` +
        'Pass a document that defines the query or mutation this handler answers.',
    )
  },
  unnamedDocument(api: string, type: string): string {
    return format(
      `${api} received a document whose ${type} has no name, and query()/mutation() handlers match operations by name. ` +
        `Name the operation (${type} MyOperation { ... }), or use graphql.operation() for anonymous operations.`,
    )
  },
  mismatchedDocument(api: string, type: string, name: string | undefined, expected: string): string {
    const label = name === undefined ? `an anonymous ${type}` : `the ${type} "${name}"`
    // MSW's sentence first, so code that looks for it finds it.
    return format(
      `Failed to create a GraphQL handler: provided a DocumentNode with a mismatched operation type (expected "${expected}" but got "${type}"). ` +
        `${api} received a document for ${label}; use graphql.${type}() for it instead.`,
    )
  },
  badPersistedHash(api: string, hash: unknown): string {
    return format(
      `${api} received a persisted document whose __meta__.hash ${JSON.stringify(hash)} is not a SHA-256 hash ` +
        `("sha256:" followed by 64 hex digits). Regenerate it with a sha256 hashAlgorithm, or pass the full document.`,
    )
  },
  badEndpoint(value: unknown): string {
    return format(
      `graphql.link() needs the endpoint URL as a string (absolute, relative or with wildcards) or a RegExp, got ${describeValue(value)}.`,
    )
  },
  operationNeedsResolver(value: unknown): string {
    return format(
      `graphql.operation() takes the resolver as its only argument (it matches every operation), got ${describeValue(value)}. ` +
        "To match one operation by name, use graphql.query('Name', resolver) or graphql.mutation('Name', resolver).",
    )
  },
  getMutation(header: string, name: string | undefined): string {
    return format(
      `Mutations cannot be sent with GET (GraphQL over HTTP): the handler "${header}" refused ` +
        `${name === undefined ? 'an anonymous mutation' : `the mutation "${name}"`} sent with GET. Send it with POST.`,
    )
  },
  unusableParams(header: string, name: string | undefined, problem: string): string {
    return format(
      `The handler "${header}" would take ${name === undefined ? 'this anonymous operation' : `the operation "${name}"`}, ` +
        `but the request cannot run: ${problem}. Send "variables" as a JSON object.`,
    )
  },
  batchEntryNotJson(index: number, label: string, status: number): string {
    return format(
      `Batch entry #${index + 1} (${label}) was answered with status ${status} and a body that is not a GraphQL result. ` +
        'Answer batch entries with HttpResponse.json({ data, errors }).',
    )
  },
  batchEntryFailed(index: number, label: string, status: number, detail: string): string {
    return format(`Batch entry #${index + 1} (${label}) failed with status ${status}: ${detail}`)
  },
  batchPassthroughFailed(request: Request, detail: string): string {
    return format(
      `The entries of the batch ${describeRequest(request)} that no handler answered were sent to the network, which failed: ${detail}`,
    )
  },
  multipartPassthrough(index: number, label: string): string {
    return format(
      `Batch entry #${index + 1} (${label}) of a multipart batch has no handler, and the parts of a multipart batch ` +
        'cannot be sent to the network one by one. Add a handler for it.',
    )
  },
} as const
