import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { answers, checkInPhotos, checkIns } from '../../src/db/schema/index.ts';
import { accessTokenFor, expectFailure } from '../helpers.ts';
import { useSyncWorld, type SyncCheckIn } from './sync-client.ts';

// Issue #20 (3): input the contract's validation used to accept but JavaScript or PostgreSQL
// cannot represent answered 500. Identifiers are read in their canonical (lower-case) form,
// instants and days the database cannot hold are refused with the 400 envelope for the batch,
// and numbers and text beyond the columns never reach them.

const s = useSyncWorld();
const visit = (overrides: Partial<SyncCheckIn> = {}) => s.visit(overrides);

describe('identifiers in capital letters', () => {
  it('a visit uuid in capitals is stored once and answered again as the first time, in either case', async () => {
    const v = visit();
    const upper = { ...v, uuid: v.uuid.toUpperCase() };
    const [first] = await s.client.sync(s.token, [upper]);
    expect(first).toMatchObject({ uuid: upper.uuid, status: 'created' });
    expect(await s.client.sync(s.token, [upper])).toEqual([first]);
    const [lower] = await s.client.sync(s.token, [v]);
    expect(lower).toEqual({ ...first, uuid: v.uuid });
    const rows = await s.t.db.select().from(checkIns).where(eq(checkIns.uuid, v.uuid));
    expect(rows).toHaveLength(1);

    const otherToken = await accessTokenFor(s.t.app, s.t.db, s.w.otherPromoter.id);
    for (const uuid of [v.uuid, upper.uuid]) {
      const [stolen] = await s.client.sync(otherToken, [{ ...v, uuid }]);
      expect(stolen).toMatchObject({
        uuid,
        status: 'rejected',
        validationErrors: [
          { field: 'uuid', message: 'El identificador de la visita pertenece a otro promotor.' },
        ],
      });
    }
  });

  it('photo ids in capitals name the same photos: stored, and a repeat in the other case is refused', async () => {
    const photo = await s.client.upload(s.token);
    const [stored] = await s.client.sync(s.token, [visit({ photoIds: [photo.toUpperCase()] })]);
    expect(stored).toMatchObject({ status: 'created' });
    const rows = await s.t.db
      .select({ fileId: checkInPhotos.fileId })
      .from(checkInPhotos)
      .where(eq(checkInPhotos.checkInId, stored!.checkInId!));
    expect(rows).toEqual([{ fileId: photo }]);

    const before = await s.client.counts();
    const [twice] = await s.client.sync(s.token, [
      visit({ photoIds: [photo, photo.toUpperCase()] }),
    ]);
    expect(twice).toMatchObject({ status: 'rejected' });
    expect(twice!.validationErrors).toContainEqual({
      field: 'photoIds',
      message: 'Una foto se repite.',
    });
    expect(await s.client.counts()).toEqual(before);
  });
});

describe('dates JavaScript or PostgreSQL cannot hold', () => {
  const instants: [string, string][] = [
    ['a leap second', '2026-06-30T23:59:60Z'],
    ['a leap second given with an offset', '2026-06-30T17:59:60-06:00'],
    ['the year 0000', '0000-01-01T00:00:00Z'],
    ['an offset that makes it the year 0000', '0001-01-01T00:00:00+23:59'],
    ['an offset that makes it the year 10000', '9999-12-31T23:59:59-23:59'],
  ];
  const fields: [string, (v: SyncCheckIn, text: string) => void][] = [
    ['startDate', (v, text) => (v.startDate = text)],
    ['endDate', (v, text) => (v.endDate = text)],
    ['surveys[0].startDate', (v, text) => (v.surveys[0]!.startDate = text)],
    ['surveys[0].endDate', (v, text) => (v.surveys[0]!.endDate = text)],
  ];
  const cases = instants.flatMap(([name, text]) =>
    fields.map(([field, set]) => [name, field, text, set] as const),
  );

  it.each(cases)('%s in %s is a 400 for the batch', async (_, field, text, set) => {
    const before = await s.client.counts();
    const bad = visit();
    set(bad, text);
    const failure = expectFailure(
      await s.client.send(s.token, [visit(), bad]),
      'syncCheckIns',
      400,
    );
    expect(failure.validationErrors).toContainEqual({
      field: `checkIns[1].${field}`,
      message: 'Debe ser una fecha y hora válidas (ISO 8601).',
    });
    expect(await s.client.counts()).toEqual(before);
  });

  it("an answer's dateValue in the year 0000 is a 400; the year 0001 is stored", async () => {
    const answer = (dateValue: string) =>
      visit({
        surveys: [
          {
            ...visit().surveys[0]!,
            answers: [
              { questionId: s.survey.text, textValue: 'Listo' },
              { questionId: s.survey.date, dateValue },
            ],
          },
        ],
      });
    const failure = expectFailure(
      await s.client.send(s.token, [answer('0000-01-01')]),
      'syncCheckIns',
      400,
    );
    expect(failure.validationErrors).toContainEqual({
      field: 'checkIns[0].surveys[0].answers[1].dateValue',
      message: 'Debe ser una fecha válida con el formato AAAA-MM-DD.',
    });
    const [stored] = await s.client.sync(s.token, [answer('0001-01-01')]);
    expect(stored).toMatchObject({ status: 'created' });
    const [row] = await s.t.db
      .select({ dateValue: answers.dateValue })
      .from(answers)
      .where(eq(answers.questionId, s.survey.date));
    expect(row).toEqual({ dateValue: '0001-01-01' });
  });
});

describe('numbers and text the columns cannot hold never reach them', () => {
  /** The value survey's visit with one more answer (or the same text answer changed). */
  const withAnswer = (answer: Record<string, unknown>, more: Partial<SyncCheckIn> = {}) => {
    const v = visit(more);
    v.surveys[0]!.answers.push(answer as never);
    return v;
  };

  const refused: [string, () => unknown, string, string][] = [
    [
      'an intValue beyond 2^53 - 1',
      () => withAnswer({ questionId: s.survey.integer, intValue: 2 ** 53 }),
      'checkIns[0].surveys[0].answers[1].intValue',
      'Debe ser menor o igual a 9007199254740991.',
    ],
    [
      'a decimalValue beyond the column (14 digits before the point)',
      () => withAnswer({ questionId: s.survey.decimal, decimalValue: 1e14 }),
      'checkIns[0].surveys[0].answers[1].decimalValue',
      'Debe ser menor o igual a 99999999999999.',
    ],
    [
      'a latitude beyond 90',
      () => visit({ checkInLatitude: 90.000001, checkInLongitude: 0 }),
      'checkIns[0].checkInLatitude',
      'Debe ser menor o igual a 90.',
    ],
    [
      'U+0000 in a textValue',
      () => {
        const v = visit();
        v.surveys[0]!.answers[0]!.textValue = 'a\u0000b';
        return v;
      },
      'checkIns[0].surveys[0].answers[0].textValue',
      'No puede contener el carácter nulo (U+0000).',
    ],
    [
      "U+0000 in an option's otherText",
      () =>
        withAnswer({
          questionId: s.w.storeSurvey.q['Ubicación']!.id,
          options: [{ optionId: s.w.storeSurvey.q['Ubicación']!.options[2], otherText: '\u0000' }],
        }),
      'checkIns[0].surveys[0].answers[1].options[0].otherText',
      'No puede contener el carácter nulo (U+0000).',
    ],
  ];

  it.each(refused)('%s is a 400 for the batch', async (_, make, field, message) => {
    const before = await s.client.counts();
    const failure = expectFailure(await s.client.send(s.token, [make()]), 'syncCheckIns', 400);
    expect(failure.validationErrors).toContainEqual({ field, message });
    expect(await s.client.counts()).toEqual(before);
  });

  it('a prototype key inside a visit is a 400 and pollutes nothing', async () => {
    const v = JSON.stringify({ checkIns: [visit()] }).replace(
      '{"uuid"',
      '{"__proto__":{"polluted":true},"uuid"',
    );
    const response = await s.t.app.inject({
      method: 'POST',
      url: '/api/v1/sync/checkins',
      headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
      payload: v,
    });
    expectFailure(response, 'syncCheckIns', 400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('the largest values the contract allows are stored exactly', async () => {
    const v = visit({ checkInLatitude: -90, checkInLongitude: 180 });
    v.surveys[0]!.answers.push(
      { questionId: s.survey.integer, intValue: 2 ** 53 - 1 },
      { questionId: s.survey.decimal, decimalValue: -99999999999999 },
    );
    const [result] = await s.client.sync(s.token, [v]);
    expect(result).toMatchObject({ status: 'created' });
    const rows = await s.t.db
      .select({ intValue: answers.intValue, decimalValue: answers.decimalValue })
      .from(answers)
      .where(eq(answers.questionId, s.survey.integer));
    expect(rows).toContainEqual({ intValue: 2 ** 53 - 1, decimalValue: null });
    const [stored] = await s.t.db.select().from(checkIns).where(eq(checkIns.uuid, v.uuid));
    expect(stored).toMatchObject({ checkInLatitude: -90, checkInLongitude: 180 });
  });
});
