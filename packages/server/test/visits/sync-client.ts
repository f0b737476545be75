import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { components } from '@anaquel/api/schema';
import type { Db } from '../../src/db/client.ts';
import {
  answerOptions,
  answerPhotos,
  answers,
  checkInPhotos,
  checkInSurveySegments,
  checkInSurveys,
  checkIns,
  questions,
  segments,
  surveys,
} from '../../src/db/schema/index.ts';
import { QuestionType as T } from '../../src/surveys/types.ts';
import { PNG_1X1 } from '../fixtures.ts';
import { afterAll, beforeAll } from 'vitest';
import { accessTokenFor, bearer, createTestApp, expectSuccess, type TestApp } from '../helpers.ts';
import { createWorld, type World } from './world.ts';

// A small client of the sync API for the tests of its rules (sync-input, sync-integrity): a
// point-of-sale survey with one question of each value type (only the text is required), a
// valid visit answering it, and the calls.

export type SyncCheckIn = components['schemas']['SyncCheckIn'];

/** Question ids of the value survey. */
export interface ValueSurvey {
  id: number;
  text: number;
  integer: number;
  decimal: number;
  date: number;
  photo: number;
}

export async function addValueSurvey(db: Db, campaignId: number): Promise<ValueSurvey> {
  const [survey] = await db
    .insert(surveys)
    .values({ campaignId, type: 1, name: 'Datos de la visita', points: 0 })
    .returning({ id: surveys.id });
  const [segment] = await db
    .insert(segments)
    .values({ surveyId: survey!.id, name: 'Datos', order: 0 })
    .returning({ id: segments.id });
  const question = async (type: number, order: number, description: string, more = {}) => {
    const [row] = await db
      .insert(questions)
      .values({ segmentId: segment!.id, type, order, description, isOptional: order > 0, ...more })
      .returning({ id: questions.id });
    return row!.id;
  };
  return {
    id: survey!.id,
    text: await question(T.Text, 0, 'Nota'),
    integer: await question(T.Integer, 1, 'Frentes'),
    decimal: await question(T.Decimal, 2, 'Precio'),
    date: await question(T.Date, 3, 'Caducidad'),
    photo: await question(T.Text, 4, 'Foto del anaquel', { hasPhoto: true }),
  };
}

/** A valid visit two hours ago answering the value survey's text question. */
export function valueVisit(w: World, survey: ValueSurvey, overrides: Partial<SyncCheckIn> = {}) {
  const start = Date.now() - 2 * 3600_000;
  const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
  const visit: SyncCheckIn = {
    uuid: randomUUID(),
    campaignId: w.campaignId,
    pointOfSaleId: w.pointOfSaleId,
    unavailable: false,
    startDate: at(0),
    endDate: at(40),
    photoIds: [],
    surveys: [
      {
        surveyId: survey.id,
        productId: null,
        startDate: at(5),
        endDate: at(20),
        answers: [{ questionId: survey.text, textValue: 'Listo' }],
      },
    ],
  };
  return { ...visit, ...overrides };
}

export function syncClient(t: TestApp) {
  const send = (token: string, checkIns: unknown[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/sync/checkins',
      headers: bearer(token),
      payload: { checkIns },
    });
  return {
    send,
    async sync(token: string, visits: SyncCheckIn[]) {
      return expectSuccess(await send(token, visits), 'syncCheckIns').results;
    },
    async upload(token: string): Promise<string> {
      const boundary = `----anaquel${randomUUID()}`;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/sync/photos',
        headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="f.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          PNG_1X1,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
      return expectSuccess(response, 'uploadSyncPhoto', 201).id;
    },
    /** Rows of every table a visit writes to. */
    async counts() {
      const of = async (table: PgTable) =>
        Number((await t.db.select({ n: count() }).from(table))[0]!.n);
      return {
        checkIns: await of(checkIns),
        checkInSurveys: await of(checkInSurveys),
        segments: await of(checkInSurveySegments),
        answers: await of(answers),
        options: await of(answerOptions),
        answerPhotos: await of(answerPhotos),
        checkInPhotos: await of(checkInPhotos),
      };
    },
  };
}

export interface SyncWorld {
  t: TestApp;
  w: World;
  /** The promoter's access token. */
  token: string;
  survey: ValueSurvey;
  client: ReturnType<typeof syncClient>;
  /** A valid visit of the promoter (valueVisit). */
  visit: (overrides?: Partial<SyncCheckIn>) => SyncCheckIn;
}

/** A test file's app and world, made before its tests and closed after them. */
export function useSyncWorld(): SyncWorld {
  const s = {} as SyncWorld;
  beforeAll(async () => {
    s.t = await createTestApp();
    s.w = await createWorld(s.t.db, s.t.config);
    s.token = await accessTokenFor(s.t.app, s.t.db, s.w.promoter.id);
    s.survey = await addValueSurvey(s.t.db, s.w.campaignId);
    s.client = syncClient(s.t);
    s.visit = (overrides) => valueVisit(s.w, s.survey, overrides);
    // Building the world takes many inserts: give it room on a loaded machine.
  }, 180_000);
  afterAll(async () => {
    await s.t?.close();
  });
  return s;
}
