import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DECODING_AT_ONCE, ingestImage } from '../../src/files/images.ts';
import { PNG_1X1 } from '../fixtures.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

// Issue #20 (4): a burst of photo uploads decoded every image at once, took every core (PGlite
// shares the server's thread) and grew the process by hundreds of megabytes that it kept. The
// decoding is bounded and libvips keeps no cache.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('image decoding under a burst of uploads', () => {
  it('decodes at most half the cores at once, one libvips thread each, with no cache', async () => {
    expect(sharp.concurrency()).toBe(1);
    const cache = sharp.cache();
    expect([cache.memory.max, cache.files.max, cache.items.max]).toEqual([0, 0, 0]);

    let running = 0;
    let most = 0;
    const toBuffer = sharp.prototype.toBuffer;
    vi.spyOn(sharp.prototype, 'toBuffer').mockImplementation(function (
      this: Sharp,
      ...args: unknown[]
    ) {
      running += 1;
      most = Math.max(most, running);
      const done = (toBuffer as (...a: unknown[]) => Promise<unknown>).apply(this, args);
      return done.finally(() => (running -= 1)) as never;
    });
    const services = { db: t.db, storage: t.app.services.storage };
    const stored = await Promise.all(
      Array.from({ length: 8 }, () => ingestImage(services, PNG_1X1, { field: 'photo' })),
    );
    expect(stored.map((image) => image.mime)).toEqual(Array(8).fill('image/png'));
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(DECODING_AT_ONCE);
  });
});
