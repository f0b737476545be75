import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  campaigns,
  pointsOfSale,
  products,
  regions,
  surveys,
  userRegions,
} from '../../src/db/schema/index.ts';
import { saveImage } from '../../src/files/images.ts';
import { PNG_1X1 } from '../fixtures.ts';
import { accessTokenFor } from '../helpers.ts';
import { useSyncWorld, type SyncCheckIn } from './sync-client.ts';

// Issue #20 (1): a visit may only refer to what the promoter's download (`GET sync/data`) could
// have offered it, and only to photos the promoter uploaded itself. Each refusal stores nothing.

const s = useSyncWorld();
const visit = (overrides: Partial<SyncCheckIn> = {}) => s.visit(overrides);
let otherToken: string;
beforeAll(async () => {
  otherToken = await accessTokenFor(s.t.app, s.t.db, s.w.otherPromoter.id);
});

/** The visit is rejected with this issue among its reasons, and nothing is stored. */
async function expectRefused(v: SyncCheckIn, field: string, message: string, as = s.token) {
  const before = await s.client.counts();
  const [result] = await s.client.sync(as, [v]);
  expect(result).toMatchObject({ status: 'rejected', checkInId: null });
  expect(result!.validationErrors).toContainEqual({ field, message });
  expect(await s.client.counts()).toEqual(before);
}

/** Runs `check` while a row is switched off, then switches it back on. */
async function whileInactive(
  table: typeof campaigns | typeof pointsOfSale | typeof surveys | typeof products,
  id: number,
  check: () => Promise<void>,
) {
  await s.t.db.update(table).set({ isActive: false }).where(eq(table.id, id));
  try {
    await check();
  } finally {
    await s.t.db.update(table).set({ isActive: true }).where(eq(table.id, id));
  }
}

const minutes = (base: string, n: number) =>
  new Date(new Date(base).getTime() + n * 60_000).toISOString();

describe('what the download hides cannot be visited', () => {
  it('an inactive campaign', async () => {
    await whileInactive(campaigns, s.w.campaignId, () =>
      expectRefused(visit(), 'campaignId', 'La campaña no está activa.'),
    );
    expect((await s.client.sync(s.token, [visit()]))[0]!.status).toBe('created');
  });

  it('an inactive point of sale', async () => {
    await whileInactive(pointsOfSale, s.w.pointOfSaleId, () =>
      expectRefused(visit(), 'pointOfSaleId', 'El punto de venta no está activo.'),
    );
  });

  it('an inactive survey', async () => {
    await whileInactive(surveys, s.survey.id, () =>
      expectRefused(visit(), 'surveys[0].surveyId', 'El cuestionario no está activo.'),
    );
  });

  it('an inactive product of the campaign', async () => {
    const productVisit = visit({
      surveys: [
        {
          surveyId: s.w.productSurvey.id,
          productId: s.w.productIds[0],
          startDate: visit().surveys[0]!.startDate,
          endDate: null,
          answers: [
            {
              questionId: s.w.productSurvey.q['¿Hay existencia?']!.id,
              options: [{ optionId: s.w.productSurvey.q['¿Hay existencia?']!.options[1]! }],
            },
          ],
        },
      ],
    });
    await whileInactive(products, s.w.productIds[0], () =>
      expectRefused(productVisit, 'surveys[0].productId', 'El producto no está activo.'),
    );
    expect((await s.client.sync(s.token, [productVisit]))[0]!.status).toBe('created');
  });

  it('a point of sale whose only region of the promoter is inactive', async () => {
    const [link] = await s.t.db
      .select({ regionId: userRegions.regionId })
      .from(userRegions)
      .where(eq(userRegions.userId, s.w.promoter.id));
    await s.t.db.update(regions).set({ isActive: false }).where(eq(regions.id, link!.regionId));
    try {
      await expectRefused(
        visit(),
        'pointOfSaleId',
        'El punto de venta no está en las regiones del promotor.',
      );
    } finally {
      await s.t.db.update(regions).set({ isActive: true }).where(eq(regions.id, link!.regionId));
    }
  });

  it('a day outside the campaign', async () => {
    const [row] = await s.t.db.select().from(campaigns).where(eq(campaigns.id, s.w.campaignId));
    const yesterday = new Date(Date.now() - 30 * 3600_000).toISOString().slice(0, 10);
    await s.t.db.update(campaigns).set({ endDate: yesterday }).where(eq(campaigns.id, row!.id));
    try {
      await expectRefused(
        visit(),
        'startDate',
        'La visita está fuera de las fechas de la campaña.',
      );
    } finally {
      await s.t.db.update(campaigns).set({ endDate: null }).where(eq(campaigns.id, row!.id));
    }
  });
});

describe('times', () => {
  const outside =
    'El cuestionario se responde durante la visita (con 5 minutos de margen antes de su inicio y después de su fin).';

  it('a survey answered before its visit started, or after it ended, beyond 5 minutes', async () => {
    const v = visit();
    const early = visit();
    early.surveys[0]!.startDate = minutes(v.startDate, -6);
    await expectRefused(early, 'surveys[0].startDate', outside);
    const centuries = visit();
    centuries.surveys[0]!.startDate = '1826-11-20T17:00:00Z';
    await expectRefused(centuries, 'surveys[0].startDate', outside);
    const late = visit();
    late.surveys[0]!.endDate = minutes(late.endDate!, 6);
    await expectRefused(late, 'surveys[0].endDate', outside);
    const lateStart = visit();
    lateStart.surveys[0]!.startDate = minutes(lateStart.endDate!, 6);
    lateStart.surveys[0]!.endDate = null;
    await expectRefused(lateStart, 'surveys[0].startDate', outside);
  });

  it('within the 5 minutes of slack the survey is stored', async () => {
    const v = visit();
    v.surveys[0]!.startDate = minutes(v.startDate, -4);
    v.surveys[0]!.endDate = minutes(v.endDate!, 4);
    expect((await s.client.sync(s.token, [v]))[0]!.status).toBe('created');
  });

  it('a survey that ends before it starts', async () => {
    const v = visit();
    v.surveys[0]!.endDate = minutes(v.surveys[0]!.startDate, -1);
    await expectRefused(
      v,
      'surveys[0].endDate',
      'La fecha de fin no puede ser anterior a la fecha de inicio.',
    );
  });

  it('a visit that ends in the future, or an open visit whose survey is in the future', async () => {
    const v = visit({ endDate: new Date(Date.now() + 2 * 3600_000).toISOString() });
    await expectRefused(v, 'endDate', 'La fecha de fin está en el futuro.');
    const open = visit({ endDate: null });
    open.surveys[0]!.startDate = new Date(Date.now() + 2 * 3600_000).toISOString();
    open.surveys[0]!.endDate = null;
    await expectRefused(open, 'surveys[0].startDate', outside);
  });
});

describe('photos belong to whoever uploaded them', () => {
  const other = 'La foto la subió otro usuario; solo quien la sube puede enviarla.';

  it("another promoter's photo, on the visit or on an answer", async () => {
    const theirs = await s.client.upload(otherToken);
    await expectRefused(visit({ photoIds: [theirs] }), 'photoIds[0]', other);
    const onAnswer = visit();
    onAnswer.surveys[0]!.answers.push({
      questionId: s.survey.photo,
      textValue: 'Anaquel',
      photoIds: [theirs],
    });
    await expectRefused(onAnswer, 'surveys[0].answers[1].photoIds[0]', other);
    // Its owner may use it.
    expect((await s.client.sync(otherToken, [visit({ photoIds: [theirs] })]))[0]!.status).toBe(
      'created',
    );
  });

  it('an image uploaded elsewhere (a product image, a profile picture)', async () => {
    const image = await saveImage(s.t.db, s.t.app.services.storage, PNG_1X1);
    await expectRefused(visit({ photoIds: [image] }), 'photoIds[0]', other);
  });

  it('its own photo, in a second visit too', async () => {
    const mine = await s.client.upload(s.token);
    const results = await s.client.sync(s.token, [
      visit({ photoIds: [mine] }),
      visit({ photoIds: [mine] }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['created', 'created']);
  });
});
