// Issue #22, "The device and the server agree": for random answer sets on the demo surveys, what
// the field app's engine refuses and scores (`judgeSurvey` of @anaquel/api/survey-engine, the one
// composition the app's runner and check-out call) equals what `POST sync/checkins` answers on the
// real server: created or rejected, the same Spanish reasons, the same points. The surveys are the
// promoter's download (`GET sync/data`), as on the phone; the visit carries, as the app's
// check-out sends it, only the answers the skip logic shows.
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUESTION_TYPE as T, LIKERT_LEVELS } from '@anaquel/api/rules';
import {
  judgeSurvey,
  questionsInOrder,
  type EngineAnswer,
  type EngineQuestion,
} from '@anaquel/api/survey-engine';
import type { components } from '@anaquel/api/schema';
import { DEFAULT_SYNC_LIMITS } from '../../src/auth/limits.ts';
import { users } from '../../src/db/schema/index.ts';
import { LocalFileStorage } from '../../src/files/storage.ts';
import { masterDataSeeder } from '../../src/seed/master-data.ts';
import { ensureDemoWorld } from '../../src/seed/visits-demo.ts';
import { accessTokenFor, bearer, createTestApp, expectSuccess, type TestApp } from '../helpers.ts';
import { syncClient, type SyncCheckIn } from './sync-client.ts';

type SyncData = components['schemas']['SyncData'];
type SurveyTree = components['schemas']['SurveyTree'];

/** One survey a visit asks for, as the app lists them (visit-surveys.ts). */
interface Target {
  survey: SurveyTree;
  productId: number | null;
}

/** A (campaign, point of sale) of the download and the surveys its visit asks for. */
interface Place {
  campaignId: number;
  pointOfSaleId: number;
  targets: Target[];
}

let t: TestApp;
let token: string;
let places: Place[];
let photos: string[];

/** The visits the download allows, each with its surveys: point-of-sale ones, then per product. */
function placesOf(data: SyncData): Place[] {
  const out: Place[] = [];
  for (const campaign of data.campaigns) {
    const surveys = data.surveys.filter((s) => campaign.surveyIds.includes(s.id));
    for (const place of data.pointsOfSale.filter((p) => campaign.pointOfSaleIds.includes(p.id))) {
      const products = campaign.productIds.filter((id) => place.productIds.includes(id));
      const targets: Target[] = [
        ...surveys.filter((s) => s.type !== 2).map((survey) => ({ survey, productId: null })),
        ...surveys
          .filter((s) => s.type === 2)
          .flatMap((survey) => products.slice(0, 2).map((productId) => ({ survey, productId }))),
      ];
      if (targets.length > 0)
        out.push({ campaignId: campaign.id, pointOfSaleId: place.id, targets });
    }
  }
  return out;
}

beforeAll(async () => {
  // One visit per request, a hundred in a minute: the fairness limit of a phone is lifted.
  t = await createTestApp({
    config: {
      syncLimits: { ...DEFAULT_SYNC_LIMITS, perPromoter: { max: 100_000, windowMs: 60_000 } },
    },
  });
  const storage = new LocalFileStorage(path.join(t.config.dataDir, 'files'));
  await masterDataSeeder.run({ db: t.db, config: t.config, storage });
  await ensureDemoWorld(t.db, t.config);
  const [promoter] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'promotor@anaquel.mx'));
  token = await accessTokenFor(t.app, t.db, promoter!.id);
  const data = expectSuccess(
    await t.app.inject({ method: 'GET', url: '/api/v1/sync/data', headers: bearer(token) }),
    'getSyncData',
  );
  places = placesOf(data);
  const client = syncClient(t);
  photos = [await client.upload(token), await client.upload(token), await client.upload(token)];
}, 300_000);

afterAll(async () => {
  await t?.close();
});

/** A small deterministic generator driven by fast-check's seed (shrinks with it). */
function rng(seed: number) {
  let state = seed >>> 0 || 1;
  const next = (n: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return n <= 0 ? 0 : state % n;
  };
  const pick = <V>(items: readonly V[]): V => items[next(items.length)]!;
  const subset = <V>(items: readonly V[], size: number): V[] => {
    const pool = [...items];
    const out: V[] = [];
    while (out.length < size && pool.length > 0) out.push(pool.splice(next(pool.length), 1)[0]!);
    return out;
  };
  return { next, pick, subset };
}
type Rng = ReturnType<typeof rng>;

/**
 * An answer a person could give on the phone: usually right for its type, sometimes not (too
 * many or too few options, 'Otro' without its text, a Likert row left out, a Ranking with a place
 * twice, an empty text, no photo where one is asked, a photo where none is), always within the
 * contract's shapes (a malformed body is a 400 for the batch, not a visit refused).
 */
function answerFor(q: EngineQuestion, careful: boolean, r: Rng): EngineAnswer | null {
  const roll = r.next(100);
  const slip = careful ? roll < 4 : roll < 45;
  if (q.isOptional && roll >= 96) return null;
  if (!careful && roll >= 85) return null;
  if (q.acceptsNA && roll >= 90 && roll < 96) return { questionId: q.id, isNa: true };
  if (!careful && roll >= 80 && roll < 85) return { questionId: q.id, isNa: true };
  const answer: EngineAnswer = { questionId: q.id };
  const wantsPhoto = q.hasPhoto !== slip;
  if (wantsPhoto) answer.photoIds = r.subset(photos, 1 + r.next(2));
  const options = q.multipleOptions;
  const n = options.length;
  const count = q.multipleOptionsCount ?? 1;
  const choose = (k: number) =>
    r
      .subset(options, k)
      .map((o) =>
        o.isOther
          ? slip && r.next(2) === 0
            ? { optionId: o.id }
            : { optionId: o.id, otherText: r.pick(['Propio', 'Del Valle', ' x ']) }
          : { optionId: o.id },
      );
  const slipCount = (k: number) => (slip ? r.next(n + 1) : k);
  switch (q.type) {
    case T.Text:
      return { ...answer, textValue: slip ? r.pick(['', '   ']) : r.pick(['Rosa Díaz', 'ok']) };
    case T.Integer:
      return { ...answer, intValue: r.next(500) - (slip ? 100 : 0) };
    case T.Decimal:
      return { ...answer, decimalValue: (r.next(100000) - (slip ? 5000 : 0)) / 100 };
    case T.Date:
      return { ...answer, dateValue: r.pick(['2026-11-26', '2024-02-29', '1999-12-31']) };
    case T.YesNo:
    case T.SingleChoice:
    case T.Rating:
      return { ...answer, options: choose(slipCount(1)) };
    case T.MultipleChoice:
      return { ...answer, options: choose(slipCount(1 + r.next(n))) };
    case T.MaxChoicesCount:
      return { ...answer, options: choose(slipCount(1 + r.next(count))) };
    case T.MinChoicesCount:
      return { ...answer, options: choose(slipCount(count + r.next(n - count + 1))) };
    case T.ExactChoicesCount:
      return { ...answer, options: choose(slipCount(count)) };
    case T.LikertMatrix:
      return {
        ...answer,
        options: choose(slip ? r.next(n + 1) : n).map((c) => ({
          ...c,
          value: 1 + r.next(slip ? LIKERT_LEVELS + 2 : LIKERT_LEVELS),
        })),
      };
    case T.Ranking: {
      const chosen = choose(slip ? r.next(n + 1) : n);
      const places = r.subset(
        Array.from({ length: n }, (_, i) => i + 1),
        n,
      );
      return {
        ...answer,
        options: chosen.map((c, i) => ({ ...c, value: slip && i > 0 ? 1 : places[i] })),
      };
    }
    default:
      return answer;
  }
}

/** A survey's answers: every question of the tree answered or not, hidden ones included. */
function answersOf(survey: SurveyTree, careful: boolean, r: Rng): EngineAnswer[] {
  return questionsInOrder(survey).flatMap(({ question }) => {
    const answer = answerFor(question, careful, r);
    return answer ? [answer] : [];
  });
}

const cents = (points: number) => Math.round(points * 100);

describe('the field app and the server agree', () => {
  it('on what is refused (with the same reasons) and on the points, for random answer sets', async () => {
    const seen = { created: 0, rejected: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        fc.boolean(),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        async (which, careful, seed) => {
          const r = rng(seed);
          const place = places[which % places.length]!;
          const start = Date.now() - 2 * 3600_000;
          const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
          // The device: each survey judged by the engine as the runner shows it.
          const judged = place.targets.map((target) => ({
            target,
            judgement: judgeSurvey(target.survey, answersOf(target.survey, careful, r)),
          }));
          const deviceMessages = judged
            .flatMap(({ judgement }) => judgement.issues.map((issue) => issue.message))
            .sort();
          const devicePoints = judged.reduce((sum, j) => sum + j.judgement.score.answerPoints, 0);
          // What the check-out sends: the shown answers of each survey.
          const visit: SyncCheckIn = {
            uuid: randomUUID(),
            campaignId: place.campaignId,
            pointOfSaleId: place.pointOfSaleId,
            unavailable: false,
            startDate: at(0),
            endDate: at(60),
            photoIds: [],
            surveys: judged.map(({ target, judgement }, index) => ({
              surveyId: target.survey.id,
              productId: target.productId,
              startDate: at(5 + index),
              endDate: at(30 + index),
              answers: judgement.sent,
            })),
          };
          const [result] = expectSuccess(
            await t.app.inject({
              method: 'POST',
              url: '/api/v1/sync/checkins',
              headers: bearer(token),
              payload: { checkIns: [visit] },
            }),
            'syncCheckIns',
          ).results;
          const serverMessages = result!.validationErrors.map((e) => e.message).sort();
          seen[result!.status]++;
          expect({
            status: result!.status,
            messages: serverMessages,
            points: result!.answerPoints === null ? null : cents(result!.answerPoints),
          }).toEqual({
            status: deviceMessages.length === 0 ? 'created' : 'rejected',
            messages: deviceMessages,
            points: deviceMessages.length === 0 ? cents(devicePoints) : null,
          });
        },
      ),
      { numRuns: 120 },
    );
    // Both outcomes were exercised, so neither half of the equivalence is vacuous.
    expect(seen.created).toBeGreaterThan(10);
    expect(seen.rejected).toBeGreaterThan(10);
  }, 300_000);
});
