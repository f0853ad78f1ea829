// Its own file: control-routes.ts imports node:http's types, and a public type declared there would
// make mocklib/node's declarations import node:http, which projects without @types/node cannot resolve.

/** What the publish route needs of a schema executor (mocklib/schema's createSchemaExecutor()). */
export interface PublishTarget {
  publish(field: string, payload: unknown): number
  subscribed(field: string, count?: number): Promise<void>
}
