import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzContract } from '../fuzz/contract-fuzz.ts';
import { FUZZ_APP_CONFIG, fuzzSession } from '../fuzz/session.ts';
import { createTestApp, createUser, expectSuccess, type TestApp } from '../helpers.ts';

// The deterministic sample of the contract fuzzer (test/fuzz/contract-fuzz.ts): every operation
// of the contract, valid and invalid requests, fixed seed. The long run is `pnpm fuzz`.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: FUZZ_APP_CONFIG });
});

afterAll(async () => {
  await t?.close();
});

describe('contract fuzzing (sample)', () => {
  it('no 5xx, every answer declared and in the envelope, for every operation', async () => {
    const session = await fuzzSession(t.app, t.db);
    const stats = await fuzzContract({
      app: t.app,
      token: session.token,
      rolesOf: session.rolesOf,
      seedBodies: session.seedBodies,
      afterRequest: session.afterRequest,
      runsPerOperation: 6,
      seed: 20261123,
    });
    expect(stats.requests).toBeGreaterThan(400);
    expect(stats.failures, JSON.stringify(stats.failures.slice(0, 5), null, 2)).toEqual([]);
    // Each operation was called as the roles that may call it: the three sync operations as a
    // promoter (who gets past the 403), a permission's operations also by its single holder.
    expect(stats.byRole.promoter?.operations).toBe(3);
    expect(stats.byRole.promoter?.byStatus['200']).toBeGreaterThan(0);
    expect(stats.byRole['single permission']?.operations).toBeGreaterThan(80);
    // The process is still healthy afterwards: health, and sign-in of a user the fuzzer never
    // saw (its caller holds every permission and may change the administrator's password).
    expectSuccess(await t.app.inject({ method: 'GET', url: '/api/v1/health' }), 'getHealth');
    const fresh = await createUser(t.db, t.config, []);
    expectSuccess(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: fresh.email, password: fresh.password },
      }),
      'login',
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 180_000);
});
