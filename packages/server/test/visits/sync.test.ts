import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '@anaquel/api/schema';
import { checkInSurveys, questions, segments, surveys } from '../../src/db/schema/index.ts';
import {
  accessTokenFor,
  bearer,
  createTestApp,
  expectFailure,
  expectSuccess,
  tokenFor,
  type TestApp,
} from '../helpers.ts';
import { PNG_1X1 } from '../fixtures.ts';
import { syncClient } from './sync-client.ts';
import { createWorld, type World } from './world.ts';

type SyncCheckIn = components['schemas']['SyncCheckIn'];
type SyncAnswer = components['schemas']['SyncAnswer'];

let t: TestApp;
let w: World;
let promoterToken: string;
let photoId: string;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db, t.config);
  promoterToken = await accessTokenFor(t.app, t.db, w.promoter.id);
  photoId = await upload(PNG_1X1, 'foto.png');
  // Building the world takes many inserts: give it room on a loaded machine.
}, 180_000);
afterAll(async () => {
  await t?.close();
});

async function upload(bytes: Buffer, filename: string, token = promoterToken) {
  const boundary = '----anaquel' + randomUUID();
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/sync/photos',
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  if (response.statusCode !== 201) return response as never;
  return expectSuccess(response, 'uploadSyncPhoto', 201).id;
}

const q = (name: string) => w.storeSurvey.q[name]!;
const opt = (name: string, index: number) => q(name).options[index]!;

/** A complete, valid answer set of the store survey ('Sí' to the exhibitor: C is hidden). */
function storeAnswers(): SyncAnswer[] {
  return [
    { questionId: q('Comentario').id, textValue: 'Todo en orden' },
    { questionId: q('¿Hay exhibidor?').id, options: [{ optionId: opt('¿Hay exhibidor?', 0) }] },
    { questionId: q('Frentes').id, isNa: true },
    { questionId: q('Precio').id, decimalValue: 21.5 },
    {
      questionId: q('Ubicación').id,
      options: [{ optionId: opt('Ubicación', 2), otherText: 'Junto a la caja' }],
    },
    {
      questionId: q('Materiales').id,
      options: [{ optionId: opt('Materiales', 0) }, { optionId: opt('Materiales', 2) }],
    },
    { questionId: q('Hasta dos').id, options: [{ optionId: opt('Hasta dos', 1) }] },
    {
      questionId: q('Al menos dos').id,
      options: [0, 1, 2].map((i) => ({ optionId: opt('Al menos dos', i) })),
    },
    {
      questionId: q('Exactamente dos').id,
      options: [{ optionId: opt('Exactamente dos', 0) }, { optionId: opt('Exactamente dos', 2) }],
    },
    {
      questionId: q('Opinión').id,
      options: [
        { optionId: opt('Opinión', 0), value: 5 },
        { optionId: opt('Opinión', 1), value: 3 },
      ],
    },
    {
      questionId: q('Orden de marcas').id,
      options: [
        { optionId: opt('Orden de marcas', 0), value: 2 },
        { optionId: opt('Orden de marcas', 1), value: 1 },
        { optionId: opt('Orden de marcas', 2), value: 3 },
      ],
    },
    {
      questionId: q('Calificación').id,
      options: [{ optionId: opt('Calificación', 3) }],
      photoIds: [photoId],
    },
  ];
}
// Expected points: Comentario 1 + Sí 2 + (Frentes NA: 0 of 0) + Precio 1 + Otro 0.5 +
// Materiales 3 + Hasta dos 1 + Al menos dos min(3,3)=3 + Exactamente dos 1 + Likert
// 2×4/4 + 2×2/4 = 3 + Ranking 2 + Rating 4 = 21.5; worth 1+2+1+1(Caducidad, unanswered)+3+4+2+3+2+4+2+5 = 30.

function visit(overrides: Partial<SyncCheckIn> = {}): SyncCheckIn {
  const start = new Date(Date.now() - 2 * 3600_000);
  return {
    uuid: randomUUID(),
    campaignId: w.campaignId,
    pointOfSaleId: w.pointOfSaleId,
    unavailable: false,
    startDate: start.toISOString(),
    endDate: new Date(start.getTime() + 40 * 60_000).toISOString(),
    checkInLatitude: 19.4326,
    checkInLongitude: -99.1332,
    checkOutLatitude: 19.4327,
    checkOutLongitude: -99.1331,
    photoIds: [photoId],
    surveys: [
      {
        surveyId: w.storeSurvey.id,
        productId: null,
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 20 * 60_000).toISOString(),
        answers: storeAnswers(),
      },
      {
        surveyId: w.productSurvey.id,
        productId: w.productIds[0],
        startDate: start.toISOString(),
        endDate: null,
        answers: [
          {
            questionId: w.productSurvey.q['¿Hay existencia?']!.id,
            options: [{ optionId: w.productSurvey.q['¿Hay existencia?']!.options[0]! }],
          },
          { questionId: w.productSurvey.q['Precio del producto']!.id, decimalValue: 32.9 },
        ],
      },
    ],
    ...overrides,
  };
}

async function sync(visits: SyncCheckIn[], token = promoterToken) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/sync/checkins',
    headers: bearer(token),
    payload: { checkIns: visits },
  });
  return expectSuccess(response, 'syncCheckIns').results;
}

/** Rows of every table a visit writes to. */
const counts = () => syncClient(t).counts();

function withAnswer(name: string, change: (a: SyncAnswer) => SyncAnswer | null): SyncCheckIn {
  const v = visit();
  const survey = v.surveys[0]!;
  survey.answers = survey.answers.flatMap((a) => {
    if (a.questionId !== q(name).id) return [a];
    const changed = change(a);
    return changed ? [changed] : [];
  });
  return v;
}

describe('POST sync/checkins', () => {
  it('stores a complete visit with its scores and sets the survey in use', async () => {
    const before = await counts();
    const v = visit();
    const [result] = await sync([v]);
    expect(result).toMatchObject({ uuid: v.uuid, status: 'created', validationErrors: [] });
    // 21.5 (store survey) + 2 (product survey)
    expect(result!.answerPoints).toBe(23.5);
    const after = await counts();
    expect(after.checkIns - before.checkIns).toBe(1);
    expect(after.checkInSurveys - before.checkInSurveys).toBe(2);
    expect(after.segments - before.segments).toBe(4);
    expect(after.answers - before.answers).toBe(14);
    expect(after.answerPhotos - before.answerPhotos).toBe(1);
    expect(after.checkInPhotos - before.checkInPhotos).toBe(1);
    const [stored] = await t.db
      .select()
      .from(checkInSurveys)
      .where(eq(checkInSurveys.surveyId, w.storeSurvey.id));
    expect(stored).toMatchObject({ answerPoints: 21.5, surveyPoints: 30 });
    const [survey] = await t.db.select().from(surveys).where(eq(surveys.id, w.storeSurvey.id));
    expect(survey!.firstAnswerAt).not.toBeNull();
  });

  it('a retried batch creates nothing twice and answers what it answered the first time', async () => {
    const batch = [visit(), visit({ unavailable: true, surveys: [], photoIds: [] })];
    const first = await sync(batch);
    const afterFirst = await counts();
    const second = await sync(batch);
    expect(second).toEqual(first);
    expect(await counts()).toEqual(afterFirst);
    expect(first.map((r) => r.status)).toEqual(['created', 'created']);
  });

  it('one bad visit among good ones: the good ones are stored, the bad one not at all', async () => {
    const before = await counts();
    const bad = withAnswer('Frentes', () => ({ questionId: q('Frentes').id, textValue: 'diez' }));
    const results = await sync([visit(), bad, visit()]);
    expect(results.map((r) => r.status)).toEqual(['created', 'rejected', 'created']);
    expect(results[1]).toMatchObject({
      checkInId: null,
      errorMessage: 'La visita no se guardó: revisa los errores.',
    });
    expect(results[1]!.validationErrors).toContainEqual({
      field: 'surveys[0].answers[2].textValue',
      message: 'La pregunta es de tipo Entero: se espera intValue.',
    });
    const after = await counts();
    expect(after.checkIns - before.checkIns).toBe(2);
    expect(after.answers - before.answers).toBe(28);
  });

  const refusals: [string, () => SyncCheckIn | Promise<SyncCheckIn>, string, string][] = [
    [
      'wrong type',
      () => withAnswer('Precio', (a) => ({ ...a, decimalValue: null, intValue: 3 })),
      'surveys[0].answers[3].intValue',
      'La pregunta es de tipo Decimal: se espera decimalValue.',
    ],
    [
      'unknown option',
      () =>
        withAnswer('Materiales', (a) => ({ ...a, options: [{ optionId: opt('Ubicación', 0) }] })),
      'surveys[0].answers[5].options[0].optionId',
      `La opción ${0} no pertenece a la pregunta.`,
    ],
    [
      'hidden question answered',
      () => {
        const v = visit();
        v.surveys[0]!.answers.push({ questionId: q('¿Por qué no hay?').id, textValue: 'x' });
        return v;
      },
      'surveys[0].answers[12]',
      'La pregunta "¿Por qué no hay?" está oculta por la lógica de salto y no debe responderse.',
    ],
    [
      'point of sale outside the promoter regions',
      () => visit({ pointOfSaleId: w.outsidePointOfSaleId }),
      'pointOfSaleId',
      'El punto de venta no está en las regiones del promotor.',
    ],
    [
      'NA where it is not accepted',
      () => withAnswer('Precio', (a) => ({ questionId: a.questionId, isNa: true })),
      'surveys[0].answers[3].isNa',
      'La pregunta no acepta "No aplica".',
    ],
    [
      "'Otro' without its text",
      () =>
        withAnswer('Ubicación', (a) => ({ ...a, options: [{ optionId: opt('Ubicación', 2) }] })),
      'surveys[0].answers[4].options[0].otherText',
      'Escribe el texto de la opción "Otro".',
    ],
    [
      'a required question left out',
      () => withAnswer('Comentario', () => null),
      'surveys[0].answers',
      'La pregunta "Comentario" es obligatoria.',
    ],
    [
      'too many options for a maximum',
      () =>
        withAnswer('Hasta dos', (a) => ({
          ...a,
          options: [0, 1, 2].map((i) => ({ optionId: opt('Hasta dos', i) })),
        })),
      'surveys[0].answers[6].options',
      'Se pueden elegir como máximo 2 opciones.',
    ],
    [
      'an incomplete ranking',
      () => withAnswer('Orden de marcas', (a) => ({ ...a, options: a.options!.slice(0, 2) })),
      'surveys[0].answers[10].options',
      'El ranking ordena todas las opciones con posiciones de 1 a 3, sin repetir.',
    ],
    [
      'a Likert level out of the scale',
      () =>
        withAnswer('Opinión', (a) => ({
          ...a,
          options: a.options!.map((o) => ({ ...o, value: 6 })),
        })),
      'surveys[0].answers[9].options[0].value',
      'Cada afirmación se responde con un nivel de 1 a 5.',
    ],
    [
      'a question that requires a photo without one',
      () => withAnswer('Calificación', (a) => ({ ...a, photoIds: [] })),
      'surveys[0].answers[11].photoIds',
      'La pregunta requiere al menos una foto.',
    ],
    [
      'a photo that was never uploaded',
      () => visit({ photoIds: [randomUUID()] }),
      'photoIds[0]',
      'La foto no existe; súbela antes de enviar la visita.',
    ],
    [
      'a product outside the campaign',
      () => {
        const v = visit();
        v.surveys[1]!.productId = w.foreignProductId;
        return v;
      },
      'surveys[1].productId',
      'El producto no está asignado a la campaña.',
    ],
    [
      'a survey of another campaign',
      () => visit({ campaignId: w.otherCampaignId }),
      'surveys[0].surveyId',
      'El cuestionario no pertenece a la campaña.',
    ],
    [
      'an unavailable visit with surveys',
      () => visit({ unavailable: true }),
      'surveys',
      'Una visita no disponible no lleva encuestas.',
    ],
  ];

  it.each(refusals)('refuses %s and stores nothing', async (_, make, field, message) => {
    const before = await counts();
    const v = await make();
    const [result] = await sync([v]);
    expect(result!.status).toBe('rejected');
    const expected =
      message === 'La opción 0 no pertenece a la pregunta.'
        ? `La opción ${opt('Ubicación', 0)} no pertenece a la pregunta.`
        : message;
    expect(result!.validationErrors).toContainEqual({ field, message: expected });
    expect(await counts()).toEqual(before);
  });

  it('refuses the same UUID with other content, and another promoter reusing it', async () => {
    const v = visit();
    await sync([v]);
    const before = await counts();
    const [changed] = await sync([{ ...v, endDate: null }]);
    expect(changed).toMatchObject({
      status: 'rejected',
      errorMessage: 'La visita ya se sincronizó con otro contenido.',
    });
    const otherToken = await accessTokenFor(t.app, t.db, w.otherPromoter.id);
    const [stolen] = await sync([v], otherToken);
    expect(stolen).toMatchObject({
      status: 'rejected',
      errorMessage: 'El identificador de la visita pertenece a otro promotor.',
    });
    expect(await counts()).toEqual(before);
  });

  it('two phones sending the same visit at once store it once', async () => {
    const before = await counts();
    const v = visit();
    const [a, b] = await Promise.all([sync([v]), sync([v])]);
    expect(a![0]!.status).toBe('created');
    expect(b).toEqual(a);
    const after = await counts();
    expect(after.checkIns - before.checkIns).toBe(1);
    expect(after.answers - before.answers).toBe(14);
  });

  it('two promoters storing the first answers of a fresh survey at once both succeed', async () => {
    const [survey] = await t.db
      .insert(surveys)
      .values({ campaignId: w.campaignId, type: 1, name: 'Encuesta nueva', points: 1 })
      .returning({ id: surveys.id });
    const [segment] = await t.db
      .insert(segments)
      .values({ surveyId: survey!.id, name: 'Único', order: 0, points: 1 })
      .returning({ id: segments.id });
    const [question] = await t.db
      .insert(questions)
      .values({ segmentId: segment!.id, type: 0, order: 0, description: 'Comentario', points: 1 })
      .returning({ id: questions.id });
    const fresh = (): SyncCheckIn =>
      visit({
        photoIds: [],
        surveys: [
          {
            surveyId: survey!.id,
            productId: null,
            // Within the visit (two hours ago, 40 minutes long).
            startDate: new Date(Date.now() - 2 * 3600_000 + 60_000).toISOString(),
            endDate: null,
            answers: [{ questionId: question!.id, textValue: 'Listo' }],
          },
        ],
      });
    const otherToken = await accessTokenFor(t.app, t.db, w.otherPromoter.id);
    const [a, b] = await Promise.all([sync([fresh()]), sync([fresh()], otherToken)]);
    expect([a[0]!.status, b[0]!.status]).toEqual(['created', 'created']);
    const [row] = await t.db.select().from(surveys).where(eq(surveys.id, survey!.id));
    expect(row!.firstAnswerAt).not.toBeNull();
  });

  it('only promoters sync: anyone else is refused with 403', async () => {
    const token = await tokenFor(t.app, t.db, ['VIEW_CHECKINS']);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sync/checkins',
      headers: bearer(token),
      payload: { checkIns: [visit()] },
    });
    expect(expectFailure(response, 'syncCheckIns', 403).errorMessage).toBe(
      'Solo los promotores pueden sincronizar visitas.',
    );
  });

  it('a malformed batch is a 400 for the whole batch', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sync/checkins',
      headers: bearer(promoterToken),
      payload: { checkIns: [{ ...visit(), uuid: 'no-es-uuid' }] },
    });
    expectFailure(response, 'syncCheckIns', 400);
  });
});

describe('POST sync/photos', () => {
  it('refuses a file that is not an image, whatever its name', async () => {
    const response = (await upload(
      Buffer.from('%PDF-1.4 no soy una imagen'),
      'foto.png',
    )) as unknown as {
      statusCode: number;
      json: () => { validationErrors: { field: string }[] };
    };
    expect(response.statusCode).toBe(400);
    expect(response.json().validationErrors[0]!.field).toBe('photo');
  });
});

describe('GET sync/data', () => {
  it("downloads the promoter's campaigns, points of sale in its regions, products and survey trees", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/sync/data',
      headers: bearer(promoterToken),
    });
    const data = expectSuccess(response, 'getSyncData');
    expect(data.promoter).toEqual({ id: w.promoter.id, name: 'Ana Promotora' });
    expect(data.campaigns).toHaveLength(1);
    expect(data.campaigns[0]).toMatchObject({
      id: w.campaignId,
      pointOfSaleIds: [w.pointOfSaleId],
      productIds: [w.productIds[1], w.productIds[0]],
      surveyIds: expect.arrayContaining([w.storeSurvey.id, w.productSurvey.id]),
    });
    expect(data.pointsOfSale.map((p) => p.id)).toEqual([w.pointOfSaleId]);
    expect(data.products.map((p) => p.name)).toEqual([
      'Jugo de naranja 500 ml',
      'Néctar de mango 1 L',
    ]);
    const store = data.surveys.find((s) => s.id === w.storeSurvey.id)!;
    expect(store.segments.map((s) => s.name)).toEqual(['Generales', 'Exhibición', 'Sin exhibidor']);
    const gate = store.segments[0]!.questions[1]!;
    expect(gate.multipleOptions[0]!.blurredSegmentIds).toEqual([
      w.storeSurvey.segments['Sin exhibidor'],
    ]);
  });
});
