import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '@anaquel/api/schema';
import { loadAnswerableSurveys } from '../../src/visits/survey-loader.ts';
import { syncCheckIns } from '../../src/visits/sync.ts';
import { requirePromoter } from '../../src/visits/promoter.ts';
import { QuestionType as T } from '../../src/surveys/types.ts';
import {
  bearer,
  createTestApp,
  expectFailure,
  expectSuccess,
  tokenFor,
  type TestApp,
} from '../helpers.ts';
import { createWorld, type World } from './world.ts';

type SyncCheckIn = components['schemas']['SyncCheckIn'];

let t: TestApp;
let w: World;
let reviewer: string;
let storeSurveyCheckInSurveyId: number;
let firstCheckInId: number;

/** A visit at a given instant, answering only what is required (+ skip logic 'No'). */
function visitAt(start: Date, unavailable = false): SyncCheckIn {
  const q = (name: string) => w.storeSurvey.q[name]!;
  const all = (name: string) => q(name).options.map((optionId) => ({ optionId }));
  return {
    uuid: randomUUID(),
    campaignId: w.campaignId,
    pointOfSaleId: w.pointOfSaleId,
    unavailable,
    startDate: start.toISOString(),
    endDate: new Date(start.getTime() + 30 * 60_000).toISOString(),
    checkInLatitude: 19.43,
    checkInLongitude: -99.13,
    checkOutLatitude: null,
    checkOutLongitude: null,
    photoIds: [],
    surveys: unavailable
      ? []
      : [
          {
            surveyId: w.storeSurvey.id,
            productId: null,
            startDate: start.toISOString(),
            endDate: null,
            answers: [
              { questionId: q('Comentario').id, textValue: 'Bien' },
              // 'No': the segment 'Sin exhibidor' stays visible and must be answered.
              {
                questionId: q('¿Hay exhibidor?').id,
                options: [{ optionId: q('¿Hay exhibidor?').options[1]! }],
              },
              { questionId: q('Frentes').id, intValue: 4 },
              { questionId: q('Precio').id, decimalValue: 19.9 },
              { questionId: q('Caducidad').id, dateValue: '2026-12-31' },
              {
                questionId: q('Ubicación').id,
                options: [{ optionId: q('Ubicación').options[0]! }],
              },
              { questionId: q('Materiales').id, options: all('Materiales') },
              { questionId: q('Hasta dos').id, options: all('Hasta dos').slice(0, 2) },
              { questionId: q('Al menos dos').id, options: all('Al menos dos').slice(0, 2) },
              { questionId: q('Exactamente dos').id, options: all('Exactamente dos').slice(0, 2) },
              {
                questionId: q('Opinión').id,
                options: all('Opinión').map((o) => ({ ...o, value: 4 })),
              },
              {
                questionId: q('Orden de marcas').id,
                options: all('Orden de marcas').map((o, i) => ({ ...o, value: i + 1 })),
              },
              {
                questionId: q('Calificación').id,
                options: all('Calificación').slice(4),
                photoIds: [],
              },
              { questionId: q('¿Por qué no hay?').id, textValue: 'No llegó el material' },
            ],
          },
        ],
  };
}

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db, t.config);
  // The rating question requires a photo: this test's visits use a world without it.
  const { db } = t;
  const { questions } = await import('../../src/db/schema/index.ts');
  const { eq } = await import('drizzle-orm');
  await db
    .update(questions)
    .set({ hasPhoto: false })
    .where(eq(questions.id, w.storeSurvey.q['Calificación']!.id));
  const promoter = await requirePromoter(db, w.promoter.id);
  const day = 24 * 3600_000;
  const now = Date.now();
  const results = await syncCheckIns(db, promoter, [
    visitAt(new Date(now - 1 * 3600_000)),
    visitAt(new Date(now - 2 * 3600_000), true),
    visitAt(new Date(now - 3 * day)),
    visitAt(new Date(now - 10 * day)),
  ]);
  expect(results.map((r) => r.status)).toEqual(['created', 'created', 'created', 'created']);
  firstCheckInId = results[0]!.checkInId!;
  reviewer = await tokenFor(t.app, t.db, ['VIEW_CHECKINS']);
  expect((await loadAnswerableSurveys(db, [w.storeSurvey.id])).size).toBe(1);
  // Building the world takes many inserts: give it room on a loaded machine.
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const mxDay = (offsetDays: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(
    new Date(Date.now() + offsetDays * 24 * 3600_000),
  );

describe('GET checkins', () => {
  it('lists the visits of a date window, newest first, with promoter and point of sale', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/checkIns?startDate=${mxDay(-7)}&endDate=${mxDay(0)}`,
      headers: bearer(reviewer),
    });
    const page = expectSuccess(response, 'listCheckIns');
    expect(page.totalCount).toBe(3);
    expect(page.rows[0]).toMatchObject({
      id: firstCheckInId,
      user: 'Ana Promotora',
      pointOfSale: 'Abarrotes Centro',
      unavailable: false,
      checkOutLatitude: null,
      photoUrls: [],
    });
    expect(page.rows[1]!.unavailable).toBe(true);
    const starts = page.rows.map((r) => r.startDate);
    expect([...starts].sort().reverse()).toEqual(starts);
  });

  it('pages and sorts', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/checkins?PageSize=2&Page=2&Sort=startDate',
      headers: bearer(reviewer),
    });
    const page = expectSuccess(response, 'listCheckIns');
    expect(page).toMatchObject({ totalCount: 4, totalPages: 2, page: 2, hasPrev: true });
    expect(page.rows.map((r) => r.id)).toEqual([firstCheckInId + 1, firstCheckInId]);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/checkins?Sort=password',
      headers: bearer(reviewer),
    });
    expectFailure(bad, 'listCheckIns', 400);
  });

  it('an end before the start is a 400 with the spec message', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/checkins?startDate=${mxDay(0)}&endDate=${mxDay(-1)}`,
      headers: bearer(reviewer),
    });
    expect(expectFailure(response, 'listCheckIns', 400).errorMessage).toBe(
      'La fecha de fin no puede ser anterior a la fecha de inicio',
    );
  });

  it('the promoter filter needs VIEW_USERS', async () => {
    const url = `/api/v1/checkins?promoterId=${w.promoter.id}`;
    const refused = await t.app.inject({ method: 'GET', url, headers: bearer(reviewer) });
    expectFailure(refused, 'listCheckIns', 403);
    const both = await tokenFor(t.app, t.db, ['VIEW_CHECKINS', 'VIEW_USERS']);
    const ok = await t.app.inject({ method: 'GET', url, headers: bearer(both) });
    expect(expectSuccess(ok, 'listCheckIns').totalCount).toBe(4);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/v1/checkins?promoterId=${w.otherPromoter.id}`,
      headers: bearer(both),
    });
    expect(expectSuccess(other, 'listCheckIns').totalCount).toBe(0);
    const promoters = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/promoters',
      headers: bearer(both),
    });
    expect(expectSuccess(promoters, 'listPromoters').map((p) => p.name)).toEqual([
      'Ana Promotora',
      'Beto Promotor',
    ]);
  });
});

describe('GET checkins/{id}/surveys and checkins/surveys/{id}', () => {
  it('lists the surveys of a visit with their points', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/checkins/${firstCheckInId}/surveys`,
      headers: bearer(reviewer),
    });
    const list = expectSuccess(response, 'listCheckInSurveys');
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      survey: 'Visita a tienda',
      product: null,
      productId: null,
      photoUrls: [],
    });
    storeSurveyCheckInSurveyId = list[0]!.id;
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/v1/checkins/999999/surveys',
      headers: bearer(reviewer),
    });
    expect(expectFailure(missing, 'listCheckInSurveys', 404).errorMessage).toBe(
      'La visita no existe.',
    );
  });

  it('answers the result tree with stored points, typed answers and the shown segments', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/checkins/surveys/${storeSurveyCheckInSurveyId}`,
      headers: bearer(reviewer),
    });
    const result = expectSuccess(response, 'getCheckInSurveyResult');
    // Generales 1 + 0 (No) + 1 + 1 + 1 = 4 of 6; Exhibición 3 + 4 (5 capped at 4) + 2 + 2 + 2 +
    // Likert 2×3/4 + 2×3/4 = 3 + 2 + 5 = 23 of 25; Sin exhibidor 2 of 2: 29 of 33.
    expect(result).toMatchObject({ survey: 'Visita a tienda', answerPoints: 29, surveyPoints: 33 });
    expect(result.segments.map((s) => s.segment)).toEqual([
      'Generales',
      'Exhibición',
      'Sin exhibidor',
    ]);
    expect(result.segments.map((s) => [s.points, s.surveyPoints])).toEqual([
      [4, 6],
      [23, 25],
      [2, 2],
    ]);
    const general = result.segments[0]!;
    expect(general.questions.map((a) => a.typeDescription)).toEqual([
      'Texto',
      'Si/No',
      'Entero',
      'Decimal',
      'Fecha',
    ]);
    expect(general.questions[3]).toMatchObject({ decimalValue: 19.9, type: T.Decimal });
    expect(general.questions[4]).toMatchObject({ dateValue: '2026-12-31' });
    expect(general.questions[1]!.selectedOptions).toEqual([
      {
        id: expect.any(Number),
        description: 'No',
        points: 0,
        isOther: false,
        value: null,
        otherText: null,
      },
    ]);
    const ranking = result.segments[1]!.questions.find((a) => a.type === T.Ranking)!;
    expect(ranking.selectedOptions.map((o) => o.value)).toEqual([1, 2, 3]);
    const likert = result.segments[1]!.questions.find((a) => a.type === T.LikertMatrix)!;
    expect(likert).toMatchObject({ points: 3, surveyPoints: 4 });
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/v1/checkins/surveys/999999',
      headers: bearer(reviewer),
    });
    expectFailure(missing, 'getCheckInSurveyResult', 404);
  });
});
