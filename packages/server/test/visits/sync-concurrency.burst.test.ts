import { randomUUID } from 'node:crypto';
import { count, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '@anaquel/api/schema';
import { checkIns, questions, segments, surveys, userRegions } from '../../src/db/schema/index.ts';
import { readTestDatabaseUrl } from '../../src/env.ts';
import { QuestionType } from '../../src/surveys/types.ts';
import { isRetryable, retryDelayMs } from '../../src/visits/sync-locks.ts';
import { accessTokenFor, bearer, createTestApp, createUser, type TestApp } from '../helpers.ts';
import { createWorld, type World } from './world.ts';

// Issue #20 (2): a campaign's first morning. Many promoters send the first visits of NEW surveys
// at the same instant; each visit answers two surveys nobody has answered yet, half of them
// listed in the other order. Every visit must be stored, quickly: the first answers of a survey
// mark it in use (surveys.first_answer_at) under a lock that many transactions want at once.
// On PostgreSQL (TEST_DATABASE_URL, as in CI) 50 promoters, the slowest answer within 2 s. PGlite
// runs one transaction at a time on its single connection, on the test's own thread: there the
// test proves with fewer that every visit is stored, and only prints the times (they measure the
// machine's load, not the locks).

type SyncCheckIn = components['schemas']['SyncCheckIn'];

const onPostgres = readTestDatabaseUrl() !== undefined;
const PROMOTERS = onPostgres ? 50 : 12;
/** The bound: the slowest answer of the burst (p99 of 50 is the worst but one). */
const P99_LIMIT_MS = 2_000;

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db, t.config);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

/** A new (never answered) point-of-sale survey of the campaign with one text question. */
async function newSurvey(name: string): Promise<{ id: number; questionId: number }> {
  const [survey] = await t.db
    .insert(surveys)
    .values({ campaignId: w.campaignId, type: 1, name, points: 0 })
    .returning({ id: surveys.id });
  const [segment] = await t.db
    .insert(segments)
    .values({ surveyId: survey!.id, name: 'Generales', order: 0 })
    .returning({ id: segments.id });
  const [question] = await t.db
    .insert(questions)
    .values({ segmentId: segment!.id, type: QuestionType.Text, order: 0, description: 'Nota' })
    .returning({ id: questions.id });
  return { id: survey!.id, questionId: question!.id };
}

/** Promoters of the world's region, each with an access token. */
async function promoterTokens(n: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < n; i++) {
    const user = await createUser(t.db, t.config, [], { profileId: w.promoter.profileId });
    const [region] = await t.db
      .select({ regionId: userRegions.regionId })
      .from(userRegions)
      .where(eq(userRegions.userId, w.promoter.id));
    await t.db.insert(userRegions).values({ userId: user.id, regionId: region!.regionId });
    tokens.push(await accessTokenFor(t.app, t.db, user.id));
  }
  return tokens;
}

function firstVisit(answered: { id: number; questionId: number }[]): SyncCheckIn {
  const start = new Date(Date.now() - 3600_000).toISOString();
  return {
    uuid: randomUUID(),
    campaignId: w.campaignId,
    pointOfSaleId: w.pointOfSaleId,
    unavailable: false,
    startDate: start,
    endDate: null,
    surveys: answered.map((s) => ({
      surveyId: s.id,
      productId: null,
      startDate: start,
      endDate: null,
      answers: [{ questionId: s.questionId, textValue: 'Primera visita' }],
    })),
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

describe('first visits of new surveys at the same instant', () => {
  const bound = onPostgres ? ', each answered within 2 s (p99)' : '';
  it(`stores every one of ${PROMOTERS} promoters' first visits${bound}`, async () => {
    const a = await newSurvey('Primera mañana A');
    const b = await newSurvey('Primera mañana B');
    const tokens = await promoterTokens(PROMOTERS);
    const timed = await Promise.all(
      tokens.map(async (token, i) => {
        const visit = firstVisit(i % 2 === 0 ? [a, b] : [b, a]);
        const started = performance.now();
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/v1/sync/checkins',
          headers: bearer(token),
          payload: { checkIns: [visit] },
        });
        return { ms: performance.now() - started, status: response.statusCode, response };
      }),
    );
    const statuses = timed.map((r) => r.status);
    expect(statuses, timed.find((r) => r.status !== 200)?.response.body).toEqual(
      tokens.map(() => 200),
    );
    const results = timed.map((r) => r.response.json().data.results[0].status);
    expect(results).toEqual(tokens.map(() => 'created'));
    const [stored] = await t.db.select({ n: count() }).from(checkIns);
    expect(stored!.n).toBe(PROMOTERS);
    // Both surveys are in use now: the designer refuses to edit them.
    const unmarked = await t.db
      .select({ id: surveys.id })
      .from(surveys)
      .where(inArray(surveys.id, [a.id, b.id]));
    expect(unmarked).toHaveLength(2);
    const stillNew = await t.db
      .select({ id: surveys.id })
      .from(surveys)
      .where(isNull(surveys.firstAnswerAt));
    expect(stillNew.map((s) => s.id)).not.toContain(a.id);
    expect(stillNew.map((s) => s.id)).not.toContain(b.id);
    const p99 = percentile(
      timed.map((r) => r.ms),
      99,
    );
    console.log(
      `${PROMOTERS} first visits at once on ${onPostgres ? 'PostgreSQL' : 'PGlite'}: p50 ${Math.round(
        percentile(
          timed.map((r) => r.ms),
          50,
        ),
      )} ms, p99 ${Math.round(p99)} ms`,
    );
    if (onPostgres) expect(p99).toBeLessThan(P99_LIMIT_MS);
  }, 180_000);
});

describe('a visit PostgreSQL aborted is tried again after a back-off with jitter', () => {
  it('waits longer at each try, never back-to-back, and differently for each transaction', () => {
    expect([1, 2, 3].map((attempt) => retryDelayMs(attempt, () => 0))).toEqual([25, 50, 100]);
    expect([1, 2, 3].map((attempt) => retryDelayMs(attempt, () => 1))).toEqual([50, 100, 200]);
    expect(retryDelayMs(1, () => 0.5)).toBe(38);
  });

  it('tries again only what another transaction caused', () => {
    expect(['40P01', '40001'].map((code) => isRetryable({ code }))).toEqual([true, true]);
    expect(['23505', '57014', undefined].map((code) => isRetryable({ code }))).toEqual([
      false,
      false,
      false,
    ]);
    expect(isRetryable(null)).toBe(false);
  });
});
