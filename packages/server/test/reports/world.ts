import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { components } from '@anaquel/api/schema';
import { campaigns, questions, surveys } from '../../src/db/schema/index.ts';
import { syncCheckIns } from '../../src/visits/sync.ts';
import { requirePromoter } from '../../src/visits/promoter.ts';
import { createTestApp, tokenFor, type TestApp } from '../helpers.ts';
import { createWorld, type World } from '../visits/world.ts';

// The export tests' world: the visits world (test/visits/world.ts) whose point-of-sale survey,
// with every question type and skip logic, is turned into a product survey (type 2) before any
// visit answers it, so the export is checked with every type of cell. Visits are stored by the
// sync (syncCheckIns), as the phones do: the points are the ones scoring.ts stored.

type SyncCheckIn = components['schemas']['SyncCheckIn'];

export const CAMPAIGN_NAME = 'Campaña Ñandú: "Otoño"';
export const SURVEY_NAME = 'Anaquel ¿Café & Té? 50%';

export interface ReportWorld {
  t: TestApp;
  w: World;
  reviewer: string;
  surveyId: number;
  /** A point-of-sale survey (type 1) of the same campaign. */
  storeSurveyId: number;
  /** Visit ids: answered an hour ago, unavailable two hours ago, answered ten days ago. */
  visits: { recent: number; unavailable: number; old: number };
}

export const mxDay = (offsetDays: number): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(
    new Date(Date.now() + offsetDays * 24 * 3600_000),
  );

export async function createReportWorld(): Promise<ReportWorld> {
  const t = await createTestApp();
  const w = await createWorld(t.db, t.config);
  const { db } = t;
  await db
    .update(questions)
    .set({ hasPhoto: false })
    .where(eq(questions.id, w.storeSurvey.q['Calificación']!.id));
  await db
    .update(surveys)
    .set({ type: 2, name: SURVEY_NAME })
    .where(eq(surveys.id, w.storeSurvey.id));
  await db.update(campaigns).set({ name: CAMPAIGN_NAME }).where(eq(campaigns.id, w.campaignId));
  const [store] = await db
    .insert(surveys)
    .values({ campaignId: w.campaignId, type: 1, name: 'Visita a tienda', points: 0 })
    .returning({ id: surveys.id });

  const q = (name: string) => w.storeSurvey.q[name]!;
  const all = (name: string) => q(name).options.map((optionId) => ({ optionId }));
  const answered = (productId: number, start: Date, variant: 0 | 1) => ({
    surveyId: w.storeSurvey.id,
    productId,
    startDate: start.toISOString(),
    endDate: new Date(start.getTime() + 10 * 60_000).toISOString(),
    answers: [
      { questionId: q('Comentario').id, textValue: variant ? 'Sin cambios' : 'Bien, ñ "ok"' },
      {
        questionId: q('¿Hay exhibidor?').id,
        options: [{ optionId: q('¿Hay exhibidor?').options[variant]! }],
      },
      variant
        ? { questionId: q('Frentes').id, isNa: true }
        : { questionId: q('Frentes').id, intValue: 4 },
      { questionId: q('Precio').id, decimalValue: variant ? 7.25 : 19.9 },
      ...(variant ? [] : [{ questionId: q('Caducidad').id, dateValue: '2026-12-31' }]),
      {
        questionId: q('Ubicación').id,
        options: [
          variant
            ? { optionId: q('Ubicación').options[2]!, otherText: 'Junto a cajas' }
            : { optionId: q('Ubicación').options[0]! },
        ],
      },
      { questionId: q('Materiales').id, options: all('Materiales') },
      { questionId: q('Hasta dos').id, options: all('Hasta dos').slice(0, 2) },
      { questionId: q('Al menos dos').id, options: all('Al menos dos').slice(0, 2) },
      { questionId: q('Exactamente dos').id, options: all('Exactamente dos').slice(0, 2) },
      {
        questionId: q('Opinión').id,
        options: all('Opinión').map((o, i) => ({ ...o, value: 4 + i })),
      },
      {
        questionId: q('Orden de marcas').id,
        options: all('Orden de marcas').map((o, i, list) => ({ ...o, value: list.length - i })),
      },
      {
        questionId: q('Calificación').id,
        options: [{ optionId: q('Calificación').options[variant ? 2 : 4]! }],
      },
      ...(variant
        ? [{ questionId: q('¿Por qué no hay?').id, textValue: 'No llegó el material' }]
        : []),
    ],
  });
  const visit = (start: Date, unavailable: boolean): SyncCheckIn => ({
    uuid: randomUUID(),
    campaignId: w.campaignId,
    pointOfSaleId: w.pointOfSaleId,
    unavailable,
    startDate: start.toISOString(),
    endDate: new Date(start.getTime() + 37 * 60_000).toISOString(),
    checkInLatitude: 19.43,
    checkInLongitude: -99.13,
    checkOutLatitude: null,
    checkOutLongitude: null,
    photoIds: [],
    surveys: unavailable
      ? []
      : [answered(w.productIds[0], start, 0), answered(w.productIds[1], start, 1)],
  });

  const promoter = await requirePromoter(db, w.promoter.id);
  const now = Date.now();
  const results = await syncCheckIns(db, promoter, [
    visit(new Date(now - 1 * 3600_000), false),
    visit(new Date(now - 2 * 3600_000), true),
    visit(new Date(now - 10 * 24 * 3600_000), false),
  ]);
  for (const result of results) {
    if (result.status !== 'created') throw new Error(`sync failed: ${JSON.stringify(result)}`);
  }
  const reviewer = await tokenFor(t.app, t.db, ['VIEW_CHECKINS']);
  return {
    t,
    w,
    reviewer,
    surveyId: w.storeSurvey.id,
    storeSurveyId: store!.id,
    visits: {
      recent: results[0]!.checkInId!,
      unavailable: results[1]!.checkInId!,
      old: results[2]!.checkInId!,
    },
  };
}
