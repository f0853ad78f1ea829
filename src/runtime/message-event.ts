/**
 * The platform's `MessageEvent` carrying `Data`, read off the `MessageEvent` class rather than
 * named as `MessageEvent<Data>`: with the DOM lib that is the DOM's event, and in a project with
 * only Node's types (whose global `MessageEvent` interface takes no type argument) it is
 * undici's, so the declarations compile in both.
 */
export type PlatformMessageEvent<Data> = InstanceType<typeof MessageEvent<Data>>
