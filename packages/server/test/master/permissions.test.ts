import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_CATALOGUE, type PermissionCode } from '../../src/auth/permission-catalogue.ts';
import { PRIVILEGE_MESSAGES } from '../../src/auth/privileges.ts';
import {
  contract,
  listOperations,
  type ContractOperation,
  type OperationId,
} from '../../src/http/contract.ts';
import { bearer, createTestApp, expectContract, tokenFor, type TestApp } from '../helpers.ts';

// Walks every master-data operation of the contract: without a token it is a 401; with every
// permission but its own it is a 403; with its own it gets past the guard. The permission each
// operation needs is the one its name implies (spec 2 §6; dropdown options: any signed-in user).
//
// The resources come from the contract's permission catalogue (`x-crud-resources` in
// components/permissions.yaml, bundled as `x-permission-catalogue`), so a new resource is walked
// without editing this file. The questionnaire resources (group 'Cuestionarios/...') have their own
// walk with their own rules (test/surveys/permissions.test.ts). A base's collection path is its
// name in lower case (BRANDS -> /brands, POINTOFSALES -> /pointofsales).

const catalogue = contract['x-permission-catalogue'] as Record<
  string,
  [group: string, noun: string]
>;
const MASTER_BASES = Object.entries(catalogue)
  .filter(([, [group]]) => !group.startsWith('Cuestionarios/'))
  .map(([base]) => base);
const pathOf = (base: string) => `/${base.toLowerCase()}`;
const baseOfPath = new Map(MASTER_BASES.map((base) => [pathOf(base), base]));

/** The six operations every master resource has (docs/adding-a-resource.md). */
const STANDARD = (path: string) => [
  `GET ${path}/paged`,
  `GET ${path}/options`,
  `POST ${path}`,
  `GET ${path}/{id}`,
  `PUT ${path}/{id}`,
  `DELETE ${path}/{id}`,
];

/** The master resource an operation belongs to (by its path), or 'Lookups' for the look-ups. */
function areaOf(op: ContractOperation): string | undefined {
  const tags = (op.operation as { tags?: string[] }).tags ?? [];
  if (tags.includes('Lookups')) return 'Lookups';
  return baseOfPath.get(/^\/[^/]+/.exec(op.path)?.[0] ?? '');
}

const masterOperations = listOperations()
  .filter((op) => areaOf(op) !== undefined)
  .map((op) => ({ ...op, area: areaOf(op)! }));

/** A bulk import (docs/import.md) is guarded by CREATE_ and also needs UPDATE_ in its handler. */
const IMPORT_OPERATION = /Import/i;

function expectedAuth(operationId: string, area: string): string {
  if (area === 'Lookups') return 'authenticated';
  if (IMPORT_OPERATION.test(operationId)) return `CREATE_${area}`;
  if (/Options$/.test(operationId)) return area === 'USERS' ? 'VIEW_USERS' : 'authenticated';
  if (/^(list|get)/.test(operationId)) return `VIEW_${area}`;
  if (/^create/.test(operationId)) return `CREATE_${area}`;
  if (/^(update|set)/.test(operationId)) return `UPDATE_${area}`;
  if (/^delete/.test(operationId)) return `DELETE_${area}`;
  throw new Error(`No rule for ${operationId}`);
}

let t: TestApp;
const allCodes = PERMISSION_CATALOGUE.map((permission) => permission.code as PermissionCode);

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

function request(op: (typeof masterOperations)[number], headers: Record<string, string>) {
  const url =
    op.url.replace(':id', '1') + (op.operationId === 'listZipCodes' ? '?Filter=06000' : '');
  const hasBody = op.method === 'POST' || op.method === 'PUT';
  return t.app.inject({
    method: op.method,
    url,
    headers,
    ...(hasBody && { payload: {} }),
  });
}

describe('the walk covers every master-data resource of the catalogue', () => {
  it('finds the master resources and the look-ups', () => {
    expect(MASTER_BASES).toEqual(expect.arrayContaining(['PROFILES', 'USERS', 'BRANDS']));
    expect(masterOperations.filter((op) => op.area === 'Lookups').length).toBeGreaterThan(0);
  });

  it.each(MASTER_BASES)('%s has its six operations in the contract, each registered', (base) => {
    const present = new Set(
      masterOperations.filter((op) => op.area === base).map((op) => `${op.method} ${op.path}`),
    );
    expect(STANDARD(pathOf(base)).filter((route) => !present.has(route))).toEqual([]);
    const unregistered = masterOperations
      .filter((op) => op.area === base && !t.app.registeredOperations.has(op.operationId))
      .map((op) => op.operationId);
    expect(unregistered, 'operations without a route').toEqual([]);
  });

  it('each of its four codes guards one of the walked operations', () => {
    const guarding = new Set(
      masterOperations.map((op) => t.app.registeredOperations.get(op.operationId)?.auth),
    );
    const unguarded = MASTER_BASES.flatMap((base) =>
      ['VIEW', 'CREATE', 'UPDATE', 'DELETE'].map((action) => `${action}_${base}`),
    ).filter((code) => !guarding.has(code as PermissionCode));
    expect(unguarded).toEqual([]);
  });
});

describe.each(masterOperations.map((op) => ({ ...op, name: op.operationId })))('$name', (op) => {
  const required = expectedAuth(op.operationId, op.area);

  it(`is registered with ${required}`, () => {
    expect(t.app.registeredOperations.get(op.operationId)?.auth).toBe(required);
  });

  it('answers 401 without a token', async () => {
    const response = await request(op, {});
    expect(response.statusCode).toBe(401);
    expectContract(response, op.operationId as OperationId);
  });

  if (required !== 'authenticated') {
    it(`answers 403 with every permission but ${required}, and passes the guard with it`, async () => {
      const others = allCodes.filter((code) => code !== required);
      const refused = await request(op, bearer(await tokenFor(t.app, t.db, others)));
      expect(refused.statusCode).toBe(403);
      expect(
        (expectContract(refused, op.operationId as OperationId) as { errorCode: string }).errorCode,
      ).toBe('FORBIDDEN');
      const companions = IMPORT_OPERATION.test(op.operationId) ? [`UPDATE_${op.area}`] : [];
      const allowed = await request(
        op,
        bearer(await tokenFor(t.app, t.db, [required, ...companions] as PermissionCode[])),
      );
      expect(allowed.statusCode).not.toBe(401);
      const body = expectContract(allowed, op.operationId as OperationId) as {
        errorMessage?: string;
      };
      if (allowed.statusCode === 403) {
        // Past the permission guard, refused by the privilege rules (auth/privileges.ts): id 1
        // is the administrator and its profile, which hold permissions this user does not.
        expect(Object.values(PRIVILEGE_MESSAGES)).toContain(body.errorMessage);
      }
    });
  } else {
    it('passes the guard for a user without any permission', async () => {
      const response = await request(op, bearer(await tokenFor(t.app, t.db, [])));
      expect([401, 403]).not.toContain(response.statusCode);
      expectContract(response, op.operationId as OperationId);
    });
  }
});
