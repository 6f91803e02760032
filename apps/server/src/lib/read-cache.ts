/**
 * One in-memory read model: answers kept per id with the version stamps of the keys they depend on
 * (lib/read-versions.ts). A read whose keys still carry the stamps its entry was loaded under is answered
 * from memory; otherwise it loads (concurrent loads of the same id and stamps share one query) and keeps
 * the answer. Entries older than READ_MODEL_MAX_AGE_MS are reloaded and swept, and at most `maxEntries`
 * are kept (the oldest go first), so memory is bounded by the users polling in the last minute.
 */
import { READ_MODEL_MAX_AGE_MS, type ReadVersions } from './read-versions';

interface Entry<V> {
  stamp: string;
  value: V;
  at: number;
}

/**
 * Reads of every read cache of this process (a node is one process): `hits` were answered from memory or
 * joined a load already running, `misses` ran their own query. Two integer increments keep the polled reads
 * cheap; /metrics reads them when scraped (metrics/).
 */
export const readCacheTally = { hits: 0, misses: 0 };

export interface ReadCacheOptions {
  versions: ReadVersions;
  maxEntries?: number;
  clock?: () => number;
}

export class ReadCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly loading = new Map<string, Promise<V>>();
  private readonly maxEntries: number;
  private readonly clock: () => number;
  private lastSweep = 0;

  constructor(private readonly options: ReadCacheOptions) {
    this.maxEntries = options.maxEntries ?? 50_000;
    this.clock = options.clock ?? Date.now;
  }

  /** The answer for `id`, which depends on `keys`: from memory when still current, else from `load`. */
  async read(id: string, keys: readonly string[], load: () => Promise<V>): Promise<V> {
    let stamp: string;
    try {
      const stamps = this.options.versions.stamps(keys);
      stamp = (Array.isArray(stamps) ? stamps : await stamps).join('|');
    } catch {
      // Stamps unreadable (Redis down): answer from the database, keep nothing.
      readCacheTally.misses += 1;
      return load();
    }
    const now = this.clock();
    this.sweep(now);
    const entry = this.entries.get(id);
    if (entry && entry.stamp === stamp && now - entry.at < READ_MODEL_MAX_AGE_MS) {
      readCacheTally.hits += 1;
      return entry.value;
    }
    const flight = `${id}#${stamp}`;
    const running = this.loading.get(flight);
    if (running) {
      readCacheTally.hits += 1;
      return running;
    }
    readCacheTally.misses += 1;
    const loaded = load()
      .then((value) => {
        this.store(id, { stamp, value, at: now });
        return value;
      })
      .finally(() => this.loading.delete(flight));
    this.loading.set(flight, loaded);
    return loaded;
  }

  /** Changes a kept answer in place (e.g. the driver's position from their MQTT publication). */
  update(id: string, change: (value: V) => V): void {
    const entry = this.entries.get(id);
    if (entry) entry.value = change(entry.value);
  }

  get size(): number {
    return this.entries.size;
  }

  private store(id: string, entry: Entry<V>): void {
    this.entries.delete(id);
    this.entries.set(id, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  /** Drops expired entries, at most once per tenth of the max age (entries are kept in load order). */
  private sweep(now: number): void {
    if (now - this.lastSweep < READ_MODEL_MAX_AGE_MS / 10) return;
    this.lastSweep = now;
    for (const [id, entry] of this.entries) {
      if (now - entry.at < READ_MODEL_MAX_AGE_MS) break;
      this.entries.delete(id);
    }
  }
}
