import type { Har, HarEntry } from './har'

/** mocklib's own creator line; the version is that of the file layout, so it never churns diffs. */
const CREATOR = { name: 'mocklib', version: '1' }

interface Stored {
  readonly key: string
  readonly entry: HarEntry
  readonly fresh: boolean
}

/**
 * The recorded entries of one recording, grouped by request key. Repeated identical requests
 * get their recorded answers in order; once those are used up, the last one answers again
 * (in record-missing mode the next one is recorded instead, see `exhausted`).
 */
export class Cassette {
  #stored: Stored[] = []
  #byKey = new Map<string, HarEntry[]>()
  #used = new Map<string, number>()
  #fresh = 0

  /** Entries recorded since this cassette was loaded or cleared. */
  get freshCount(): number {
    return this.#fresh
  }

  get size(): number {
    return this.#stored.length
  }

  has(key: string): boolean {
    return this.#byKey.has(key)
  }

  /** Every recorded answer of this key was given already in this run. */
  exhausted(key: string): boolean {
    return (this.#used.get(key) ?? 0) >= (this.#byKey.get(key)?.length ?? 0)
  }

  /** The next recorded entry for this key (the last one again, when all were used). */
  take(key: string): HarEntry | undefined {
    const entries = this.#byKey.get(key)
    if (entries === undefined) return undefined
    const used = this.#used.get(key) ?? 0
    this.#used.set(key, used + 1)
    return entries[Math.min(used, entries.length - 1)]
  }

  /** Adds an entry; `fresh` when it was recorded now (counted as given in this run). */
  add(key: string, entry: HarEntry, fresh: boolean): void {
    this.#stored.push({ key, entry, fresh })
    let entries = this.#byKey.get(key)
    if (entries === undefined) this.#byKey.set(key, (entries = []))
    entries.push(entry)
    if (fresh) {
      this.#fresh++
      this.#used.set(key, entries.length)
    }
  }

  /** Repeated requests start again from their first recorded answer. */
  rewind(): void {
    this.#used.clear()
  }

  /**
   * The recording as HAR: entries ordered by request key (a stable order whatever order
   * requests ran in); with `freshOnly`, only what was recorded in this run (record mode).
   */
  toHar(freshOnly = false): Har {
    const entries = this.#stored
      .filter((stored) => !freshOnly || stored.fresh)
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map(({ entry }) => entry)
    return { log: { version: '1.2', creator: CREATOR, entries } }
  }
}
