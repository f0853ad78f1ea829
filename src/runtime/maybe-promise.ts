/** A value, or a promise of it: hot paths stay synchronous when they can. */
export type MaybePromise<T> = T | Promise<T>
