import type { GraphQLFieldResolver, GraphQLSchema } from 'graphql'
import { currentScopes, seenFrom } from '../../runtime/current-scope'
import { EventChannel } from './event-channel'
import type { Peers } from './load-peers'
import { schemaMessages } from './messages'

interface Waiter {
  fieldName: string
  count: number
  scopes: readonly object[]
  resolve: () => void
}

/** A subscription's channel and the handler lists (scopes) that were current when it started. */
interface Entry {
  channel: EventChannel
  scopes: readonly object[]
}

/**
 * The executor's active subscriptions, by root field of the schema's `Subscription` type: what
 * `publish()` delivers to, `subscribed()` waits for and `reset()` ends. Each subscription reads
 * its own EventChannel, so each runs its own selection set and variables on every event.
 * `publish()` and `subscribed()` see the subscriptions that started in the caller's scope
 * (runtime/current-scope.ts): inside a `server.boundary()`, that boundary's own.
 */
export class SubscriptionRegistry {
  readonly #byField = new Map<string, Set<Entry>>()
  #waiters: Waiter[] = []

  /** A new subscription to `fieldName`, fed by `publish()` and, when given, by `source`. */
  open(fieldName: string, source: AsyncIterable<unknown> | undefined): EventChannel {
    let entries = this.#byField.get(fieldName)
    if (entries === undefined) this.#byField.set(fieldName, (entries = new Set()))
    const channel = new EventChannel(() => entries.delete(entry))
    const entry: Entry = { channel, scopes: currentScopes() }
    entries.add(entry)
    if (source !== undefined) channel.follow(source)
    this.#wake()
    return channel
  }

  /**
   * Delivers `{ [fieldName]: payload }` as the next event of every active subscription to the field; how many got it.
   */
  publish(fieldName: string, payload: unknown): number {
    let delivered = 0
    for (const { channel } of this.#inScope(fieldName, currentScopes())) {
      if (channel.push({ [fieldName]: payload })) delivered++
    }
    return delivered
  }

  /** Resolves once at least `count` subscriptions to `fieldName` are active. */
  subscribed(fieldName: string, count: number): Promise<void> {
    const scopes = currentScopes()
    if (this.#inScope(fieldName, scopes).length >= count) return Promise.resolve()
    return new Promise((resolve) => this.#waiters.push({ fieldName, count, scopes, resolve }))
  }

  /** Ends every active subscription (each completes after the events already published to it). */
  endAll(): void {
    for (const entries of this.#byField.values()) for (const { channel } of [...entries]) channel.end()
  }

  /**
   * The subscriptions to `fieldName` that code in `scopes` sees: those that started in one of them (all, when either
   * has none).
   */
  #inScope(fieldName: string, scopes: readonly object[]): Entry[] {
    const entries = [...(this.#byField.get(fieldName) ?? [])]
    return entries.filter((entry) => seenFrom(entry.scopes, scopes))
  }

  #wake(): void {
    if (this.#waiters.length === 0) return
    const ready = this.#waiters.filter(
      (waiter) => this.#inScope(waiter.fieldName, waiter.scopes).length >= waiter.count,
    )
    this.#waiters = this.#waiters.filter((waiter) => !ready.includes(waiter))
    for (const waiter of ready) waiter.resolve()
  }
}

/**
 * Gives every field of the schema's `Subscription` type a `subscribe` that opens a channel in
 * `registry`, fed by `publish()` and by the field's own subscriber when the user's resolvers or
 * schema have one (`ownSubscribers`, read before mocks replaced them). Done once, at build time.
 */
export function installSubscribers(
  peers: Peers,
  schema: GraphQLSchema,
  ownSubscribers: ReadonlyMap<string, GraphQLFieldResolver<unknown, unknown>>,
  registry: SubscriptionRegistry,
): void {
  const type = schema.getSubscriptionType()
  if (type === null || type === undefined) return
  for (const field of Object.values(type.getFields())) {
    const own = ownSubscribers.get(field.name)
    field.subscribe = async (source, args, context, info) => {
      const events = own === undefined ? undefined : await own(source, args, context, info)
      if (events !== undefined && !isAsyncIterable(events)) {
        throw new peers.graphql.GraphQLError(schemaMessages.subscriberNotIterable(`${type.name}.${field.name}`, events))
      }
      return registry.open(field.name, events)
    }
  }
}

/** The `subscribe` resolvers of the `Subscription` type's fields that come from the user (resolvers or schema). */
export function ownSubscribers(
  schema: GraphQLSchema,
  resolvers: Record<string, unknown> | undefined,
  keepSchemaResolvers: boolean,
): Map<string, GraphQLFieldResolver<unknown, unknown>> {
  const found = new Map<string, GraphQLFieldResolver<unknown, unknown>>()
  const type = schema.getSubscriptionType()
  if (type === null || type === undefined) return found
  const given = resolvers?.[type.name] as Record<string, unknown> | undefined
  for (const field of Object.values(type.getFields())) {
    const entry = given?.[field.name] as { subscribe?: unknown } | undefined
    if (typeof entry === 'object' && entry !== null && typeof entry.subscribe === 'function') {
      found.set(field.name, entry.subscribe as GraphQLFieldResolver<unknown, unknown>)
    } else if (keepSchemaResolvers && field.subscribe !== undefined) {
      found.set(field.name, field.subscribe)
    }
  }
  return found
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function'
  )
}
