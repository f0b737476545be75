import { describe, expect, it } from 'vitest';
import { BoundedCache, cachePerOwner } from '../src/lib/bounded-cache.ts';

const keysOf = <V>(cache: BoundedCache<string, V>, candidates: string[]) =>
  candidates.filter((key) => cache.get(key, 0) !== undefined);

describe('BoundedCache', () => {
  it('keeps at most maxEntries, the least recently set going first', () => {
    const cache = new BoundedCache<string, number>({ maxEntries: 2 });
    cache.set('a', 1, 0);
    cache.set('b', 2, 0);
    cache.set('c', 3, 0);
    expect(cache.size).toBe(2);
    expect(cache.get('a', 0)).toBeUndefined();
    expect(cache.get('b', 0)).toBe(2);
    expect(cache.get('c', 0)).toBe(3);
  });

  it('a read makes an entry the most recent, so the untouched one goes', () => {
    const cache = new BoundedCache<string, number>({ maxEntries: 2 });
    cache.set('a', 1, 0);
    cache.set('b', 2, 0);
    expect(cache.get('a', 0)).toBe(1);
    cache.set('c', 3, 0);
    expect(keysOf(cache, ['a', 'b', 'c'])).toEqual(['a', 'c']);
  });

  it('setting a key again replaces its value and makes it the most recent', () => {
    const cache = new BoundedCache<string, number>({ maxEntries: 2 });
    cache.set('a', 1, 0);
    cache.set('b', 2, 0);
    cache.set('a', 10, 0);
    cache.set('c', 3, 0);
    expect(cache.size).toBe(2);
    expect(cache.get('a', 0)).toBe(10);
    expect(cache.get('b', 0)).toBeUndefined();
  });

  it('serves an entry for ttlMs after it was set, reads not extending it', () => {
    const cache = new BoundedCache<string, string>({ maxEntries: 10, ttlMs: 100 });
    cache.set('a', 'x', 1_000);
    expect(cache.get('a', 1_000)).toBe('x');
    expect(cache.get('a', 1_099)).toBe('x');
    expect(cache.get('a', 1_100)).toBeUndefined();
    // An expired entry is gone, not merely hidden.
    expect(cache.size).toBe(0);
    cache.set('a', 'y', 1_100);
    expect(cache.get('a', 1_150)).toBe('y');
  });

  it('reads Date.now() when no time is given', () => {
    const cache = new BoundedCache<string, string>({ maxEntries: 10, ttlMs: 60_000 });
    cache.set('a', 'x');
    expect(cache.get('a')).toBe('x');
    expect(cache.get('a', Date.now() + 60_000)).toBeUndefined();
  });

  it('without ttlMs keeps entries however old', () => {
    const cache = new BoundedCache<string, string>({ maxEntries: 10 });
    cache.set('a', 'x', 0);
    expect(cache.get('a', Number.MAX_SAFE_INTEGER)).toBe('x');
  });

  it('evicts the least recently used until the weights fit maxWeight', () => {
    const cache = new BoundedCache<string, { size: number }>({
      maxEntries: 10,
      maxWeight: 10,
      weightOf: (value) => value.size,
    });
    cache.set('a', { size: 4 }, 0);
    cache.set('b', { size: 4 }, 0);
    cache.get('a', 0);
    cache.set('c', { size: 4 }, 0);
    expect(cache.get('b', 0)).toBeUndefined();
    expect(cache.get('a', 0)).toEqual({ size: 4 });
    expect(cache.get('c', 0)).toEqual({ size: 4 });
  });

  it('reweigh reads a grown value again and evicts past the budget', () => {
    const cache = new BoundedCache<string, { size: number }>({
      maxEntries: 10,
      maxWeight: 10,
      weightOf: (value) => value.size,
    });
    const a = { size: 0 };
    cache.set('a', a, 0);
    cache.set('b', { size: 6 }, 0);
    a.size = 5;
    // A value `key` no longer holds is not reweighed.
    cache.reweigh('b', a);
    expect(cache.size).toBe(2);
    cache.reweigh('a', a);
    expect(cache.get('a', 0)).toBeUndefined();
    expect(cache.get('b', 0)).toEqual({ size: 6 });
    // The evicted weight is given back: a new entry fits beside b.
    cache.set('c', { size: 4 }, 0);
    expect(cache.size).toBe(2);
  });

  it('delete with a value forgets the key only while it still holds that value', () => {
    const cache = new BoundedCache<string, { n: number }>({ maxEntries: 10 });
    const first = { n: 1 };
    const second = { n: 2 };
    cache.set('a', first, 0);
    cache.set('a', second, 0);
    cache.delete('a', first);
    expect(cache.get('a', 0)).toBe(second);
    cache.delete('a', second);
    expect(cache.get('a', 0)).toBeUndefined();
    cache.set('b', first, 0);
    cache.delete('b');
    expect(cache.size).toBe(0);
  });

  it('clear forgets every entry and its weight', () => {
    const cache = new BoundedCache<string, { size: number }>({
      maxEntries: 10,
      maxWeight: 10,
      weightOf: (value) => value.size,
    });
    cache.set('a', { size: 8 }, 0);
    cache.clear();
    expect(cache.size).toBe(0);
    cache.set('b', { size: 8 }, 0);
    expect(cache.get('b', 0)).toEqual({ size: 8 });
  });

  it('cachePerOwner gives each owner its own cache, the same one every time', () => {
    const cacheOf = cachePerOwner<object, string, number>({ maxEntries: 1 });
    const one = {};
    const other = {};
    cacheOf(one).set('a', 1, 0);
    expect(cacheOf(one).get('a', 0)).toBe(1);
    expect(cacheOf(other).get('a', 0)).toBeUndefined();
  });
});
