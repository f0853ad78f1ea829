import type { Har, HarEntry } from './har'

/** mocklib's own creator line; the version is that of the file layout, so it never churns diffs. */
const CREATOR = { name: 'mocklib', version: '1' }

interface Stored {
  readonly key: string
  readonly entry: HarEntry
  readonly fresh: boolean
}

/**
 * How many answers of each key one scope (a server, a boundary, `getResponse()`) was given,
 * since the cassette's last rewind (`round`).
 */
export interface RepeatCounts {
  round: number
  readonly used: Map<string, number>
}

/**
 * The recorded entries of one recording, grouped by request key. Repeated identical requests
 * get their recorded answers in order, counted per scope (`RepeatCounts`: two parallel
 * boundaries each start from the first); once those are used up, the last one answers again
 * (in record-missing mode the next one is recorded instead, see `exhausted`).
 */
export class Cassette {
  #stored: Stored[] = []
  #byKey = new Map<string, HarEntry[]>()
  #fresh = 0
  /** Bumped by rewind(): counts from an earlier round start over. */
  #round = 0

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

  /** A scope's counts start empty. */
  newCounts(): RepeatCounts {
    return { round: this.#round, used: new Map() }
  }

  /** Every recorded answer of this key was given already in this scope. */
  exhausted(key: string, counts: RepeatCounts): boolean {
    return (this.#usedIn(counts).get(key) ?? 0) >= (this.#byKey.get(key)?.length ?? 0)
  }

  /** The next recorded entry for this key in this scope (the last one again, when all were used). */
  take(key: string, counts: RepeatCounts): HarEntry | undefined {
    const entries = this.#byKey.get(key)
    if (entries === undefined) return undefined
    const used = this.#usedIn(counts)
    const given = used.get(key) ?? 0
    used.set(key, given + 1)
    return entries[Math.min(given, entries.length - 1)]
  }

  /** Adds an entry; with the counts of the scope that recorded it now, it counts as given there. */
  add(key: string, entry: HarEntry, freshIn?: RepeatCounts): void {
    const fresh = freshIn !== undefined
    this.#stored.push({ key, entry, fresh })
    let entries = this.#byKey.get(key)
    if (entries === undefined) this.#byKey.set(key, (entries = []))
    entries.push(entry)
    if (fresh) {
      this.#fresh++
      this.#usedIn(freshIn).set(key, entries.length)
    }
  }

  /** Repeated requests start again from their first recorded answer, in every scope. */
  rewind(): void {
    this.#round++
  }

  #usedIn(counts: RepeatCounts): Map<string, number> {
    if (counts.round !== this.#round) {
      counts.round = this.#round
      counts.used.clear()
    }
    return counts.used
  }

  /**
   * The recording as HAR: entries ordered by request key (a stable order whatever order
   * requests ran in); with `freshOnly`, only what was recorded in this run (record mode).
   */
  toHar(freshOnly = false): Har {
    const entries = this.#stored
      .filter((stored) => !freshOnly || stored.fresh)
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map(({ entry }) => entry)
    return { log: { version: '1.2', creator: CREATOR, entries } }
  }
}
