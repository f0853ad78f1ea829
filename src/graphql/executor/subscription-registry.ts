import type { GraphQLFieldResolver, GraphQLSchema } from 'graphql'
import { EventChannel } from './event-channel'
import type { Peers } from './load-peers'
import { schemaMessages } from './messages'

interface Waiter {
  fieldName: string
  count: number
  resolve: () => void
}

/**
 * The executor's active subscriptions, by root field of the schema's `Subscription` type: what
 * `publish()` delivers to, `subscribed()` waits for and `reset()` ends. Each subscription reads
 * its own EventChannel, so each runs its own selection set and variables on every event.
 */
export class SubscriptionRegistry {
  readonly #byField = new Map<string, Set<EventChannel>>()
  #waiters: Waiter[] = []

  /** A new subscription to `fieldName`, fed by `publish()` and, when given, by `source`. */
  open(fieldName: string, source: AsyncIterable<unknown> | undefined): EventChannel {
    let channels = this.#byField.get(fieldName)
    if (channels === undefined) this.#byField.set(fieldName, (channels = new Set()))
    const channel = new EventChannel(() => channels.delete(channel))
    channels.add(channel)
    if (source !== undefined) channel.follow(source)
    this.#wake()
    return channel
  }

  /** Delivers `{ [fieldName]: payload }` as the next event of every active subscription to the field; how many got it. */
  publish(fieldName: string, payload: unknown): number {
    let delivered = 0
    for (const channel of [...(this.#byField.get(fieldName) ?? [])]) {
      if (channel.push({ [fieldName]: payload })) delivered++
    }
    return delivered
  }

  count(fieldName: string): number {
    return this.#byField.get(fieldName)?.size ?? 0
  }

  /** Resolves once at least `count` subscriptions to `fieldName` are active. */
  subscribed(fieldName: string, count: number): Promise<void> {
    if (this.count(fieldName) >= count) return Promise.resolve()
    return new Promise((resolve) => this.#waiters.push({ fieldName, count, resolve }))
  }

  /** Ends every active subscription (each completes after the events already published to it). */
  endAll(): void {
    for (const channels of this.#byField.values()) for (const channel of [...channels]) channel.end()
  }

  #wake(): void {
    if (this.#waiters.length === 0) return
    const ready = this.#waiters.filter((waiter) => this.count(waiter.fieldName) >= waiter.count)
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
  return typeof value === 'object' && value !== null && typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function'
}
