// Survey scenario for `pnpm bench` (issue 10): `GET surveys/{id}` of a survey of 50 segments x 20
// questions x 5 options (1 000 questions, 5 000 options, some skip logic): the whole tree with
// its validity, loaded in a fixed number of queries (packages/server/src/surveys/tree.ts).
// Target: p99 <= 100 ms. Appended to ./scenarios.ts; figures in ./README.md.
import { sql } from 'drizzle-orm';
import type { BenchContext, Scenario } from './scenarios.ts';

export const SURVEY_SEGMENTS = 50;
export const SURVEY_QUESTIONS_PER_SEGMENT = 20;
export const SURVEY_OPTIONS_PER_QUESTION = 5;
const SURVEY_NAME = 'Bench 50 x 20 x 5';

function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** Inserts the survey once per database (idempotent) and points the scenario at it. */
export async function seedBenchSurvey(ctx: BenchContext): Promise<void> {
  const db = ctx.database.db;
  const existing = rowsOf<{ id: number }>(
    await db.execute(sql`select id from surveys where name = ${SURVEY_NAME}`),
  );
  let surveyId = existing[0]?.id;
  if (surveyId === undefined) {
    const [campaign] = rowsOf<{ id: number }>(
      await db.execute(
        sql`insert into campaigns (name, start_date) values ('Bench', '2026-01-01') returning id`,
      ),
    );
    const points = SURVEY_SEGMENTS * SURVEY_QUESTIONS_PER_SEGMENT * 5;
    const [survey] = rowsOf<{ id: number }>(
      await db.execute(sql`
        insert into surveys (campaign_id, type, name, points)
        values (${campaign!.id}, 1, ${SURVEY_NAME}, ${points}) returning id`),
    );
    surveyId = survey!.id;
    await db.execute(sql`
      insert into segments (survey_id, name, "order", points)
      select ${surveyId}, 'Segmento ' || n, n - 1, ${SURVEY_QUESTIONS_PER_SEGMENT * 5}
      from generate_series(1, ${SURVEY_SEGMENTS}) as n`);
    // Single choice questions of 5 points, 5 options of 0..4 points each.
    await db.execute(sql`
      insert into questions (segment_id, type, "order", description, points)
      select s.id, 5, n - 1, s.name || ', pregunta ' || n || ': ¿cómo está la exhibición?', 5
      from segments s cross join generate_series(1, ${SURVEY_QUESTIONS_PER_SEGMENT}) as n
      where s.survey_id = ${surveyId}`);
    await db.execute(sql`
      insert into multiple_options (question_id, "order", description, points)
      select q.id, n - 1, 'Opción ' || n, n - 1
      from questions q join segments s on s.id = q.segment_id
      cross join generate_series(1, ${SURVEY_OPTIONS_PER_QUESTION}) as n
      where s.survey_id = ${surveyId}`);
    // Skip logic: the first option of each segment's first question hides the next segment.
    await db.execute(sql`
      insert into multiple_option_hidden_segments (option_id, segment_id)
      select o.id, next.id
      from segments s
      join segments next on next.survey_id = s.survey_id and next.parent_id is null
        and next."order" = s."order" + 1
      join questions q on q.segment_id = s.id and q."order" = 0
      join multiple_options o on o.question_id = q.id and o."order" = 0
      where s.survey_id = ${surveyId}`);
    await db.execute(sql`analyze segments`);
    await db.execute(sql`analyze questions`);
    await db.execute(sql`analyze multiple_options`);
  }
  surveyTreeScenario.path = `/api/v1/surveys/${surveyId}`;
}

export const surveyTreeScenario: Scenario = {
  name: 'survey-tree',
  description:
    'GET surveys/{id}: a tree of 50 segments x 20 questions x 5 options with validity (~1 MB)',
  path: '/api/v1/surveys/0', // set by the setup
  authenticated: true,
  setup: seedBenchSurvey,
};

export const surveyScenarios: Scenario[] = [surveyTreeScenario];
