import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_CATALOGUE, type PermissionCode } from '../../src/auth/permission-catalogue.ts';
import { listOperations, type OperationId } from '../../src/http/contract.ts';
import { bearer, createTestApp, expectContract, tokenFor, type TestApp } from '../helpers.ts';

// The permission of every survey operation (docs/surveys.md "Permissions"): registered with the
// code its resource and action imply, 401 without a token, 403 with every other permission, and
// past the guard (an answer the contract declares) with only its own.

const AREAS: Record<string, string> = {
  Surveys: 'SURVEYS',
  Segments: 'SEGMENTS',
  Questions: 'QUESTIONS',
  MultipleOptions: 'MULTIPLEOPTIONS',
};

/** Dropdown sources open to any signed-in user. */
const OPEN = new Set([
  'listSurveyOptions',
  'listSegmentOptions',
  'listQuestionOptions',
  'listMultipleOptionOptions',
  'listSurveysByCampaign',
  'listSurveyTypeOptions',
  'listQuestionTypeOptions',
]);

function expectedAuth(operationId: string, tag: string): string {
  if (OPEN.has(operationId)) return 'authenticated';
  const area = AREAS[tag]!;
  if (/^(list|get)/.test(operationId)) return `VIEW_${area}`;
  if (/^(create|duplicate)/.test(operationId)) return `CREATE_${area}`;
  if (/^(update|move)/.test(operationId)) return `UPDATE_${area}`;
  if (/^delete/.test(operationId)) return `DELETE_${area}`;
  throw new Error(`No rule for ${operationId}`);
}

const surveyOperations = listOperations().filter((op) =>
  ((op.operation as { tags?: string[] }).tags ?? []).some((tag) => tag in AREAS),
);

let t: TestApp;
const allCodes = PERMISSION_CATALOGUE.map((permission) => permission.code as PermissionCode);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

function request(op: (typeof surveyOperations)[number], headers: Record<string, string>) {
  const hasBody = op.method === 'POST' || op.method === 'PUT';
  return t.app.inject({
    method: op.method,
    url: op.url.replace(':id', '1'),
    headers,
    ...(hasBody && { payload: {} }),
  });
}

it('covers the four resources (6 operations each), 3 moves, tree, plain list, duplicate, 2 look-ups', () => {
  expect(surveyOperations).toHaveLength(4 * 6 + 3 + 1 + 1 + 1 + 2);
});

describe.each(surveyOperations.map((op) => ({ ...op, name: op.operationId })))('$name', (op) => {
  const tag = ((op.operation as { tags?: string[] }).tags ?? [])[0]!;
  const required = expectedAuth(op.operationId, tag);

  it(`is registered with ${required} and answers 401 without a token`, async () => {
    expect(t.app.registeredOperations.get(op.operationId)?.auth).toBe(required);
    const response = await request(op, {});
    expect(response.statusCode).toBe(401);
    expectContract(response, op.operationId as OperationId);
  });

  if (required === 'authenticated') {
    it('passes the guard for a user without any permission', async () => {
      const response = await request(op, bearer(await tokenFor(t.app, t.db, [])));
      expect([401, 403]).not.toContain(response.statusCode);
      expectContract(response, op.operationId as OperationId);
    });
  } else {
    it(`answers 403 with every permission but ${required}, and passes the guard with it`, async () => {
      const others = allCodes.filter((code) => code !== required);
      const refused = await request(op, bearer(await tokenFor(t.app, t.db, others)));
      expect(refused.statusCode).toBe(403);
      expectContract(refused, op.operationId as OperationId);
      const allowed = await request(
        op,
        bearer(await tokenFor(t.app, t.db, [required as PermissionCode])),
      );
      expect([401, 403]).not.toContain(allowed.statusCode);
      expectContract(allowed, op.operationId as OperationId);
    });
  }
});
