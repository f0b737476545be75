import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import {
  UNLISTENED_TRUST_MS,
  applyChange,
  attachChangeFeed,
  changed,
  moveEveryVersionOn,
  versionOf,
  type ChangeFeed,
} from '../src/db/versions.ts';

// The versions caches are trusted by (db/versions.ts): per database handle, moved on by a change
// here or a notice from another process, and, while notices cannot be received, moved on every
// UNLISTENED_TRUST_MS so that nothing stays trusted longer than that.

/** A database handle stand-in: versions only use it as a key. */
const someDb = () => ({}) as Db;

function fakeFeed(listening: boolean) {
  const published: string[][] = [];
  const feed: ChangeFeed & { listening: boolean } = {
    listening,
    publish: (names) => {
      published.push([...names]);
      return Promise.resolve();
    },
  };
  return { feed, published };
}

describe('versions', () => {
  it('moves on only the names that changed, on one database only', async () => {
    const db = someDb();
    const other = someDb();
    const brands = versionOf(db, 'brands');
    const clients = versionOf(db, 'clients');
    const otherBrands = versionOf(other, 'brands');
    await changed(db, ['brands']);
    expect(versionOf(db, 'brands')).not.toBe(brands);
    expect(versionOf(db, 'clients')).toBe(clients);
    expect(versionOf(other, 'brands')).toBe(otherBrands);
  });

  it('never hands two databases the same version', () => {
    const first = someDb();
    const second = someDb();
    expect(versionOf(first, 'brands')).not.toBe(versionOf(second, 'brands'));
    applyChange(first, ['brands']);
    applyChange(second, ['brands']);
    expect(versionOf(first, 'brands')).not.toBe(versionOf(second, 'brands'));
  });

  it('tells the other processes what changed, and applies their notices', async () => {
    const db = someDb();
    const { feed, published } = fakeFeed(true);
    attachChangeFeed(db, feed);
    await changed(db, ['users', '#principals']);
    expect(published).toEqual([['users', '#principals']]);
    const before = versionOf(db, 'points_of_sale');
    applyChange(db, ['points_of_sale']);
    expect(versionOf(db, 'points_of_sale')).not.toBe(before);
  });

  it('moves every version on once listening again', () => {
    const db = someDb();
    const brands = versionOf(db, 'brands');
    moveEveryVersionOn(db);
    expect(versionOf(db, 'brands')).not.toBe(brands);
  });

  it('while not listening, trusts what it read for less than UNLISTENED_TRUST_MS', () => {
    const db = someDb();
    const { feed } = fakeFeed(true);
    attachChangeFeed(db, feed);
    const t0 = Date.now();
    const listening = versionOf(db, 'brands', t0);
    expect(versionOf(db, 'brands', t0 + 60_000)).toBe(listening);

    feed.listening = false;
    const lost = versionOf(db, 'brands', t0 + 60_000);
    expect(lost).not.toBe(listening);
    expect(versionOf(db, 'brands', t0 + 60_000 + UNLISTENED_TRUST_MS - 1)).toBe(lost);
    expect(versionOf(db, 'brands', t0 + 60_000 + UNLISTENED_TRUST_MS)).not.toBe(lost);
  });
});
