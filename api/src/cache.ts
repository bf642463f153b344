/** What a cache reports: hits and misses (metrics). */
export interface CacheObserver {
  hit(): void;
  miss(): void;
}

/**
 * In-memory cache for public catalogue reads. Every write clears it: in this process at once, and in every
 * other instance through `onClear` (cache-bus.ts: PostgreSQL NOTIFY). The TTL is the last resort, bounding
 * how stale a copy can be if a message is ever missed.
 */
export class ReadCache {
  private readonly entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  /** Called after every clear() made here (not for clearLocal()): tells the other instances. */
  onClear: () => void = () => undefined;
  /** Told of every clear, here or from another instance (the shell's page cache listens: GET /catalog/changes). */
  private readonly watchers = new Set<() => void>();

  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly observer: CacheObserver | undefined;

  constructor(ttlMs: number, maxEntries = 2000, observer?: CacheObserver) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    this.observer = observer;
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs === 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) {
      this.observer?.hit();
      return hit.value as Promise<T>;
    }
    this.observer?.miss();
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    // The promise is cached, so concurrent misses share one query.
    const value = load();
    this.entries.set(key, { expires: now + this.ttlMs, value });
    value.catch(() => this.entries.delete(key));
    return value;
  }

  /** After a write: forget everything here and tell the other instances to. */
  clear(): void {
    this.clearLocal();
    this.onClear();
  }

  /** Forget one entry in this process (what only this person's requests read; the others' expire within the TTL). */
  forget(key: string): void {
    this.entries.delete(key);
  }

  /** Forget everything in this process only (another instance wrote, or messages may have been missed). */
  clearLocal(): void {
    this.entries.clear();
    for (const watcher of this.watchers) watcher();
  }

  /** Calls `watcher` after every clear (a write here or in another instance); returns what stops it. */
  watch(watcher: () => void): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }
}
