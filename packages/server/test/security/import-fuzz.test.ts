import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzImports } from '../fuzz/imports.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

// The imports fed hostile files (test/fuzz/import-files.ts: empty, binary, NUL bytes, cells of
// 60 and 70 KB, prototype keys as headers, 10 000 columns, junk in every column, hostile
// mappings) as the user who may call them; `pnpm fuzz` sends them for every resource and
// relation, this sample for one resource and one relation.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('imports fed hostile files (sample)', () => {
  it('answer every file within the contract, no 5xx, and reach the rows', async () => {
    const stats = await fuzzImports({
      app: t.app,
      db: t.db,
      only: ['pointofsales', 'campaign-products'],
    });
    expect(stats.failures, JSON.stringify(stats.failures.slice(0, 5), null, 2)).toEqual([]);
    // The check, the error report and the confirm of the resource, the check and confirm of
    // the relation, and the templates and progress.
    expect(stats.operations).toBe(8);
    expect(stats.requests).toBeGreaterThan(200);
    // Both the reader's refusals and reports of the rows (valid files and files of junk rows).
    expect(stats.byStatus['400']).toBeGreaterThan(50);
    expect(stats.byStatus['200']).toBeGreaterThan(50);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 300_000);
});
