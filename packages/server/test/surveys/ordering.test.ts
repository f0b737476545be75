import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipleOptions, questions, segments } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { designer, type Designer } from './fixtures.ts';

// Ordering invariants (docs/surveys.md "Order"), property-based: after any sequence of creates
// (at any position), moves and deletes of segments, questions and options, every sibling
// sequence of the survey is exactly 0..n-1 — the top-level segments, each segment's questions
// and sub-segments together, each question's options ('Otro' last) — and the same holds after a
// burst of concurrent writes.

let t: TestApp;
let d: Designer;
beforeAll(async () => {
  t = await createTestApp();
  d = await designer(t);
});
afterAll(async () => t?.close());

/** Every sequence of the survey, as sorted order lists keyed by container. */
async function sequences(surveyId: number) {
  const segmentRows = await t.db
    .select({ id: segments.id, parentId: segments.parentId, order: segments.order })
    .from(segments)
    .where(eq(segments.surveyId, surveyId));
  const questionRows = await t.db
    .select({ id: questions.id, segmentId: questions.segmentId, order: questions.order })
    .from(questions)
    .innerJoin(segments, eq(segments.id, questions.segmentId))
    .where(eq(segments.surveyId, surveyId));
  const optionRows = await t.db
    .select({
      questionId: multipleOptions.questionId,
      order: multipleOptions.order,
      isOther: multipleOptions.isOther,
    })
    .from(multipleOptions)
    .innerJoin(questions, eq(questions.id, multipleOptions.questionId))
    .innerJoin(segments, eq(segments.id, questions.segmentId))
    .where(eq(segments.surveyId, surveyId));
  const containers = new Map<string, number[]>();
  const add = (key: string, order: number) =>
    containers.set(key, [...(containers.get(key) ?? []), order]);
  for (const row of segmentRows)
    add(row.parentId === null ? 'root' : `s${row.parentId}`, row.order);
  for (const row of questionRows) add(`s${row.segmentId}`, row.order);
  for (const row of optionRows) add(`q${row.questionId}`, row.order);
  const others = optionRows.filter((row) => row.isOther);
  return { containers, others, optionRows, segmentRows, questionRows };
}

async function expectContiguous(surveyId: number, context: string) {
  const { containers, others, optionRows } = await sequences(surveyId);
  for (const [key, orders] of containers) {
    const sorted = [...orders].sort((a, b) => a - b);
    expect(sorted, `${context}: ${key}`).toEqual(sorted.map((_, i) => i));
  }
  for (const other of others) {
    const count = optionRows.filter((row) => row.questionId === other.questionId).length;
    expect(other.order, `${context}: 'Otro' last in q${other.questionId}`).toBe(count - 1);
  }
}

type Command =
  | { kind: 'segment'; parent: number; position: number }
  | { kind: 'question'; segment: number; position: number; type: number }
  | { kind: 'option'; question: number; position: number }
  | { kind: 'move'; table: 'segments' | 'questions' | 'multipleoptions'; pick: number; up: boolean }
  | { kind: 'delete'; table: 'segments' | 'questions' | 'multipleoptions'; pick: number };

const table = fc.constantFrom(
  'segments' as const,
  'questions' as const,
  'multipleoptions' as const,
);
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('segment' as const), parent: fc.nat(20), position: fc.nat(6) }),
  fc.record({
    kind: fc.constant('question' as const),
    segment: fc.nat(20),
    position: fc.nat(6),
    type: fc.constantFrom(0, 4, 5, 6),
  }),
  fc.record({ kind: fc.constant('option' as const), question: fc.nat(20), position: fc.nat(6) }),
  fc.record({ kind: fc.constant('move' as const), table, pick: fc.nat(40), up: fc.boolean() }),
  fc.record({ kind: fc.constant('delete' as const), table, pick: fc.nat(40) }),
);

/** Runs one command against the API; refusals (ends, locked options) are expected answers. */
async function run(surveyId: number, c: Command): Promise<void> {
  const { segmentRows, questionRows } = await sequences(surveyId);
  const segmentIds = segmentRows.map((row) => row.id).sort((a, b) => a - b);
  const choiceIds = questionRows.map((row) => row.id).sort((a, b) => a - b);
  const pickFrom = (ids: number[], n: number) => (ids.length ? ids[n % ids.length] : undefined);
  let response;
  switch (c.kind) {
    case 'segment': {
      const parentId = c.parent % 3 === 0 ? null : (pickFrom(segmentIds, c.parent) ?? null);
      response = await d.api.post('segments', {
        surveyId,
        parentId,
        name: 'Segmento',
        points: 0,
        order: c.position,
      });
      break;
    }
    case 'question': {
      const segmentId = pickFrom(segmentIds, c.segment);
      if (segmentId === undefined) return;
      response = await d.api.post('questions', {
        segmentId,
        type: c.type,
        description: 'Pregunta',
        points: 0,
        order: c.position,
        hasOther: c.position % 2 === 0,
      });
      break;
    }
    case 'option': {
      const questionId = pickFrom(choiceIds, c.question);
      if (questionId === undefined) return;
      response = await d.api.post('multipleoptions', {
        questionId,
        description: 'Opción',
        points: 0,
        order: c.position,
      });
      break;
    }
    case 'move':
    case 'delete': {
      const ids =
        c.table === 'segments'
          ? segmentIds
          : c.table === 'questions'
            ? choiceIds
            : (
                await t.db
                  .select({ id: multipleOptions.id })
                  .from(multipleOptions)
                  .innerJoin(questions, eq(questions.id, multipleOptions.questionId))
                  .innerJoin(segments, eq(segments.id, questions.segmentId))
                  .where(eq(segments.surveyId, surveyId))
              ).map((row) => row.id);
      const id = pickFrom(ids, c.pick);
      if (id === undefined) return;
      response =
        c.kind === 'move'
          ? await d.api.post(`${c.table}/${id}/move`, { direction: c.up ? 'up' : 'down' })
          : await d.api.delete(`${c.table}/${id}`);
      break;
    }
  }
  // Success, or a Spanish refusal (first/last position, locked option, option of a Text question).
  expect([200, 201, 400], response.body.slice(0, 300)).toContain(response.statusCode);
}

describe('ordering invariants', () => {
  it('hold after any sequence of creates, moves and deletes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 25 }), async (commands) => {
        const surveyId = await d.survey();
        for (const [index, c] of commands.entries()) {
          await run(surveyId, c);
          await expectContiguous(surveyId, `after step ${index} ${JSON.stringify(c)}`);
        }
      }),
      { numRuns: 12 },
    );
  }, 240_000);

  it('hold after a burst of concurrent creates, moves and deletes on one survey', async () => {
    const surveyId = await d.survey();
    const top = await d.segment(surveyId);
    const items: number[] = [];
    for (let i = 0; i < 6; i++) items.push(await d.question(top));
    const subs: number[] = [];
    for (let i = 0; i < 3; i++) subs.push(await d.segment(surveyId, { parentId: top }));
    const burst = [
      ...items.map((id, i) =>
        d.api.post(`questions/${id}/move`, { direction: i % 2 ? 'up' : 'down' }),
      ),
      ...subs.map((id) => d.api.post(`segments/${id}/move`, { direction: 'up' })),
      d.api.delete(`questions/${items[2]}`),
      d.api.delete(`segments/${subs[1]}`),
      d.api.post('questions', {
        segmentId: top,
        type: 0,
        description: 'Nueva',
        points: 0,
        order: 0,
      }),
      d.api.post('segments', { surveyId, parentId: top, name: 'Nuevo', points: 0, order: 3 }),
    ];
    const answers = await Promise.all(burst);
    for (const answer of answers) expect([200, 201, 400, 404]).toContain(answer.statusCode);
    await expectContiguous(surveyId, 'after the burst');
  });
});
