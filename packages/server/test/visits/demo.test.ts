import path from 'node:path';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoreSurvey, type EngineAnswer, type SurveyScore } from '@anaquel/api/survey-engine';
import {
  answerOptions,
  answers,
  campaigns,
  checkIns,
  checkInSurveys,
  surveys,
} from '../../src/db/schema/index.ts';
import { LocalFileStorage } from '../../src/files/storage.ts';
import { masterDataSeeder } from '../../src/seed/master-data.ts';
import { DEMO_CAMPAIGNS, ensureDemoWorld, generateDemoVisits } from '../../src/seed/visits-demo.ts';
import { toSurveyTreeAnswer } from '../../src/surveys/tree-answer.ts';
import { loadSurveyTree } from '../../src/surveys/tree.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('demo visits', () => {
  it('creates valid demo surveys and stores generated visits through the sync', async () => {
    const storage = new LocalFileStorage(path.join(t.config.dataDir, 'files'));
    await masterDataSeeder.run({ db: t.db, config: t.config, storage });
    await ensureDemoWorld(t.db, t.config);
    await ensureDemoWorld(t.db, t.config); // idempotent
    const demoCampaigns = await t.db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(inArray(campaigns.name, Object.values(DEMO_CAMPAIGNS)));
    expect(demoCampaigns).toHaveLength(2);
    const surveyRows = await t.db
      .select({ id: surveys.id })
      .from(surveys)
      .where(
        inArray(
          surveys.campaignId,
          demoCampaigns.map((c) => c.id),
        ),
      );
    expect(surveyRows).toHaveLength(3);
    for (const { id } of surveyRows) {
      const tree = toSurveyTreeAnswer((await loadSurveyTree(t.db, id))!);
      expect(tree.errors, tree.name).toEqual([]);
    }

    // generateDemoVisits throws when the sync refuses a generated visit.
    const stored = await generateDemoVisits(t.db, storage, { visits: 40, days: 10, seed: 3 });
    expect(stored).toBeGreaterThan(20);
    const [row] = await t.db.select({ n: count() }).from(checkIns);
    expect(row!.n).toBe(stored);
    const [answered] = await t.db
      .select({ firstAnswerAt: surveys.firstAnswerAt })
      .from(surveys)
      .where(eq(surveys.id, surveyRows[0]!.id));
    expect(answered!.firstAnswerAt).not.toBeNull();
    // The master data, the world and 40 visits: minutes on a loaded machine, not 20 s.
  }, 300_000);

  it('stores the points the engine gives on the contract tree (what the preview and the phone read)', async () => {
    const stored = await t.db
      .select({
        id: checkInSurveys.id,
        surveyId: checkInSurveys.surveyId,
        answerPoints: checkInSurveys.answerPoints,
        surveyPoints: checkInSurveys.surveyPoints,
      })
      .from(checkInSurveys);
    expect(stored.length).toBeGreaterThan(20);
    const rows = await t.db.select().from(answers);
    const choices = await t.db.select().from(answerOptions);
    const trees = new Map<number, Awaited<ReturnType<typeof toSurveyTreeAnswer>>>();
    let questionsCompared = 0;
    for (const survey of stored) {
      if (!trees.has(survey.surveyId)) {
        trees.set(
          survey.surveyId,
          toSurveyTreeAnswer((await loadSurveyTree(t.db, survey.surveyId))!),
        );
      }
      const own = rows.filter((row) => row.checkInSurveyId === survey.id);
      // The answers as the phone sent them, rebuilt from what the sync stored.
      const sent: EngineAnswer[] = own.map((row) => ({
        questionId: row.questionId,
        isNa: row.isNa,
        textValue: row.textValue,
        intValue: row.intValue,
        decimalValue: row.decimalValue,
        dateValue: row.dateValue,
        options: choices
          .filter((choice) => choice.answerId === row.id)
          .map((choice) => ({
            optionId: choice.optionId,
            value: choice.value,
            otherText: choice.otherText,
          })),
      }));
      const score = scoreSurvey(trees.get(survey.surveyId)!, sent);
      expect([Number(survey.answerPoints), Number(survey.surveyPoints)]).toEqual([
        score.answerPoints,
        score.surveyPoints,
      ]);
      const byQuestion = new Map(flatten(score.segments).map((q) => [q.questionId, q]));
      for (const row of own) {
        const question = byQuestion.get(row.questionId)!;
        expect([Number(row.points), Number(row.surveyPoints)]).toEqual([
          question.answerPoints,
          question.surveyPoints,
        ]);
        questionsCompared += 1;
      }
    }
    expect(questionsCompared).toBeGreaterThan(100);
  });
});

function flatten(segments: SurveyScore['segments']): SurveyScore['segments'][number]['questions'] {
  return segments.flatMap((segment) => [...segment.questions, ...flatten(segment.segments)]);
}
