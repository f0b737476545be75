import { afterEach, describe, expect, it } from 'vitest';
import { authThrottles } from '../src/db/schema/index.ts';
import { throttleKey } from '../src/auth/throttle.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const HOUR = 60 * 60 * 1000;

describe('auth throttle housekeeping', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('a started server has purged the counters that decide nothing any more', async () => {
    t = await createTestApp();
    const now = Date.now();
    const row = (name: string, windowAgoMs: number, lockedUntil: Date | null) => ({
      key: throttleKey('test', name),
      failures: 3,
      windowStartedAt: new Date(now - windowAgoMs),
      lockedUntil,
    });
    await t.db
      .insert(authThrottles)
      .values([
        row('stale', 25 * HOUR, null),
        row('stale-lock-ended', 30 * HOUR, new Date(now - HOUR)),
        row('recent', 2 * HOUR, null),
        row('old-but-locked', 30 * HOUR, new Date(now + HOUR)),
      ]);

    await t.app.ready();

    const left = await t.db.select({ key: authThrottles.key }).from(authThrottles);
    expect(left.map((r) => r.key).sort()).toEqual(
      [throttleKey('test', 'recent'), throttleKey('test', 'old-but-locked')].sort(),
    );
  });
});
