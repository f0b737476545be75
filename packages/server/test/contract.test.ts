import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSION_CODES } from '../src/auth/permission-catalogue.ts';
import { getOperation, listOperations, resolveRef } from '../src/http/contract.ts';
import {
  bearer,
  createTestApp,
  expectFailure,
  someUuid,
  tokenFor,
  type TestApp,
} from './helpers.ts';

// ARCHITECTURE §3: every route names its permission in one place (registerOperation), and this
// walk over the whole contract proves that each operation refuses a caller without it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});
afterAll(async () => {
  await t?.close();
});

/** A concrete URL for an operation: path parameters get a plausible value. */
function urlOf(operationId: string): string {
  const op = getOperation(operationId);
  return op.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
    /fileId$/i.test(name) ? someUuid() : '1',
  );
}

describe('the contract and the routes', () => {
  it('every operation of the contract has a route', () => {
    const missing = listOperations()
      .map((op) => op.operationId)
      .filter((id) => !t.app.registeredOperations.has(id));
    expect(missing, 'operations of openapi/ without registerOperation').toEqual([]);
  });

  it('every operation that is not public answers 401 UNAUTHORIZED without a token', async () => {
    const guarded = [...t.app.registeredOperations.values()].filter((o) => o.auth !== 'public');
    expect(guarded.length).toBeGreaterThan(0);
    for (const op of guarded) {
      const response = await t.app.inject({ method: op.method, url: urlOf(op.operationId) });
      expectFailure(response, op.operationId, 401, 'UNAUTHORIZED');
    }
  });

  it('every operation that needs a permission answers 403 FORBIDDEN to a user holding all the others', async () => {
    const needing = [...t.app.registeredOperations.values()].filter(
      (o) => o.auth !== 'public' && o.auth !== 'authenticated',
    );
    expect(needing.length).toBeGreaterThan(0);
    for (const op of needing) {
      const token = await tokenFor(
        t.app,
        t.db,
        ALL_PERMISSION_CODES.filter((code) => code !== op.auth),
      );
      const response = await t.app.inject({
        method: op.method,
        url: urlOf(op.operationId),
        headers: bearer(token),
      });
      expectFailure(response, op.operationId, 403, 'FORBIDDEN');
    }
  });

  it('the walk reaches every resource: each VIEW_/CREATE_/UPDATE_/DELETE_ code guards an operation', () => {
    const guarding = new Set([...t.app.registeredOperations.values()].map((o) => String(o.auth)));
    const crud = /^(VIEW|CREATE|UPDATE|DELETE)_(.+)$/;
    const bases = new Set(
      ALL_PERMISSION_CODES.filter((code) => code.startsWith('VIEW_')).map((code) => code.slice(5)),
    );
    const unguarded = ALL_PERMISSION_CODES.filter((code) => {
      const base = crud.exec(code)?.[2];
      return base !== undefined && bases.has(base) && !guarding.has(code);
    });
    expect(unguarded, 'permission codes no registered operation requires').toEqual([]);
  });

  it('every JSON or form request body refuses unknown fields (additionalProperties: false)', () => {
    const open: string[] = [];
    for (const op of listOperations()) {
      const body = op.operation.requestBody;
      if (!body) continue;
      for (const [mediaType, media] of Object.entries(resolveRef(body).content)) {
        const schema = resolveRef(media.schema ?? {}) as Record<string, unknown>;
        if (schema.additionalProperties !== false && schema.unevaluatedProperties !== false) {
          open.push(`${op.operationId} ${mediaType}`);
        }
      }
    }
    expect(open).toEqual([]);
  });

  it('public operations are exactly those with security: [] in the contract', () => {
    for (const op of t.app.registeredOperations.values()) {
      expect(op.auth === 'public', op.operationId).toBe(getOperation(op.operationId).isPublic);
    }
  });
});
