import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ALL_PERMISSION_CODES } from '../../src/auth/permission-catalogue.ts';
import type { Db } from '../../src/db/client.ts';
import { campaigns } from '../../src/db/schema/index.ts';
import type { DataOf, OperationId } from '../../src/http/contract.ts';
import { expectSuccess, type TestApp } from '../helpers.ts';
import { apiAs, type Api } from '../master/fixtures.ts';

// Shared helpers of the survey tests: an administrator's API and shortcuts that build a survey
// through the real endpoints (each answer checked against the contract).

export interface Designer {
  api: Api;
  campaignId: number;
  survey(overrides?: Record<string, unknown>): Promise<number>;
  segment(surveyId: number, fields?: Record<string, unknown>): Promise<number>;
  question(segmentId: number, fields?: Record<string, unknown>): Promise<number>;
  option(questionId: number, fields?: Record<string, unknown>): Promise<number>;
  tree(surveyId: number): Promise<DataOf<'getSurvey'>>;
}

export async function newCampaign(db: Db, name = 'Regreso a clases 2026'): Promise<number> {
  const [row] = await db
    .insert(campaigns)
    .values({ name, startDate: '2026-07-01' })
    .returning({ id: campaigns.id });
  return row!.id;
}

export function created<K extends OperationId>(
  response: LightMyRequestResponse,
  operationId: K,
): DataOf<K> {
  return expectSuccess(response, operationId, 201);
}

export async function designer(t: TestApp): Promise<Designer> {
  const api = await apiAs(t.app, t.db, ALL_PERMISSION_CODES);
  const campaignId = await newCampaign(t.db);
  let n = 0;
  const d: Designer = {
    api,
    campaignId,
    async survey(overrides = {}) {
      const body = {
        campaignId,
        type: 1,
        name: `Cuestionario ${++n}`,
        points: 0,
        isActive: true,
        ...overrides,
      };
      return created(await api.post('surveys', body), 'createSurvey').id;
    },
    async segment(surveyId, fields = {}) {
      const body = { surveyId, name: `Segmento ${++n}`, points: 0, ...fields };
      return created(await api.post('segments', body), 'createSegment').id;
    },
    async question(segmentId, fields = {}) {
      const body = { segmentId, type: 0, description: `Pregunta ${++n}`, points: 0, ...fields };
      return created(await api.post('questions', body), 'createQuestion').id;
    },
    async option(questionId, fields = {}) {
      const body = { questionId, description: `Opción ${++n}`, points: 0, ...fields };
      return created(await api.post('multipleoptions', body), 'createMultipleOption').id;
    },
    async tree(surveyId) {
      return expectSuccess(await api.get(`surveys/${surveyId}`), 'getSurvey');
    },
  };
  return d;
}

/** Asserts a failure envelope with this status and this exact Spanish message somewhere. */
export function expectMessage(
  response: LightMyRequestResponse,
  status: number,
  message: string,
): void {
  expect(response.statusCode, response.body.slice(0, 400)).toBe(status);
  const body = response.json() as {
    errorMessage: string;
    validationErrors: { field: string; message: string }[];
  };
  const all = [body.errorMessage, ...body.validationErrors.map((e) => e.message)];
  expect(all).toContain(message);
}
