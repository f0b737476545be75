// The one in-process cache of the server: a Map kept in least-recently-used order, so a cache
// cannot grow with the traffic (a new token, session or search each request) and the entries
// still in use stay.

export interface BoundedCacheOptions<V> {
  /** Most entries kept; the least recently used go first. */
  maxEntries: number;
  /** How long an entry is served after it was set (never touched by reads); forever when absent. */
  ttlMs?: number;
  /**
   * A budget over all entries (e.g. rows held), for values whose sizes differ by orders of
   * magnitude: the least recently used go until the weights add up to at most this.
   */
  maxWeight?: number;
  /** The weight of a value for `maxWeight` (read at `set` and at `reweigh`). */
  weightOf?: (value: V) => number;
}

interface Slot<V> {
  value: V;
  setAt: number;
  weight: number;
}

/**
 * Least recently used first out: `get` and `set` make an entry the most recent. Times are
 * `Date.now()` unless given, so a caller that reads one clock for a whole request passes it.
 */
export class BoundedCache<K, V> {
  readonly #slots = new Map<K, Slot<V>>();
  readonly #options: BoundedCacheOptions<V>;
  #weight = 0;

  constructor(options: BoundedCacheOptions<V>) {
    this.#options = options;
  }

  get size(): number {
    return this.#slots.size;
  }

  /** The value of `key`, made the most recent; undefined when absent or older than `ttlMs`. */
  get(key: K, now = Date.now()): V | undefined {
    const slot = this.#slots.get(key);
    if (!slot) return undefined;
    this.#slots.delete(key);
    const { ttlMs } = this.#options;
    if (ttlMs !== undefined && now - slot.setAt >= ttlMs) {
      this.#weight -= slot.weight;
      return undefined;
    }
    this.#slots.set(key, slot);
    return slot.value;
  }

  /** Keeps `value` under `key` as the most recent entry, then evicts past the bounds. */
  set(key: K, value: V, now = Date.now()): void {
    this.#remove(key);
    const weight = this.#options.weightOf?.(value) ?? 0;
    this.#slots.set(key, { value, setAt: now, weight });
    this.#weight += weight;
    this.#trim();
  }

  /**
   * Forgets `key`; with `value`, only while `key` still holds that value (a failed load does not
   * drop the newer entry that replaced it).
   */
  delete(key: K, value?: V): void {
    if (value !== undefined && this.#slots.get(key)?.value !== value) return;
    this.#remove(key);
  }

  /** Reads again the weight of the value `key` holds (when it is `value`), then evicts past the bounds. */
  reweigh(key: K, value: V): void {
    const slot = this.#slots.get(key);
    if (!slot || slot.value !== value) return;
    const weight = this.#options.weightOf?.(value) ?? 0;
    this.#weight += weight - slot.weight;
    slot.weight = weight;
    this.#trim();
  }

  clear(): void {
    this.#slots.clear();
    this.#weight = 0;
  }

  #remove(key: K): void {
    const slot = this.#slots.get(key);
    if (!slot) return;
    this.#slots.delete(key);
    this.#weight -= slot.weight;
  }

  #trim(): void {
    const { maxEntries, maxWeight = Infinity } = this.#options;
    for (const key of this.#slots.keys()) {
      if (this.#slots.size <= maxEntries && this.#weight <= maxWeight) return;
      this.#remove(key);
    }
  }
}

/**
 * One cache per owner (a database handle, a signing secret), made on first use and dropped with
 * its owner when the owner is an object.
 */
export function cachePerOwner<O extends object, K, V>(
  options: BoundedCacheOptions<V>,
): (owner: O) => BoundedCache<K, V> {
  const caches = new WeakMap<O, BoundedCache<K, V>>();
  return (owner) => {
    let cache = caches.get(owner);
    if (!cache) {
      cache = new BoundedCache(options);
      caches.set(owner, cache);
    }
    return cache;
  };
}
