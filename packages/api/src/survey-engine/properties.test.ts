import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shownAnswers, surveyIssues } from './acceptance';
import {
  type EngineAnswer,
  type EngineSegment,
  type EngineSurvey,
  questionsInOrder,
  toCents,
} from './model';
import { type SegmentScore, type SurveyScore, scoreSurvey } from './scoring';
import {
  garbageAnswersArb,
  modelHidden,
  readingOrder,
  rng,
  shuffle,
  surveyArb,
  validAnswer,
  validAnswers,
} from './test-arbitraries';

// docs/surveys.md "Puntuación" and "Skip logic", over random surveys (every type, nested
// segments, forward-only skip logic) and random answers, garbage or valid by construction.

const runs = { numRuns: 200 };

/** A survey with garbage answers, or with a valid answer set. */
const withGarbage = surveyArb.chain((survey) =>
  garbageAnswersArb(survey).map((answers) => ({ survey, answers })),
);
const withValid = fc
  .tuple(surveyArb, fc.nat())
  .map(([survey, seed]) => ({ survey, answers: validAnswers(survey, rng(seed)), seed }));
const anyAnswers = fc.oneof(withGarbage, withValid);

type Node = Pick<SegmentScore, 'answerPoints' | 'surveyPoints' | 'segments'> & {
  questions?: SegmentScore['questions'];
};

/** Every segment score of the tree, depth first. */
const allSegments = (node: Node): SegmentScore[] =>
  node.segments.flatMap((s) => [s, ...allSegments(s)]);

const questionsOf = (survey: EngineSurvey) =>
  new Map(readingOrder(survey).flatMap((n) => (n.question ? [[n.id, n.question] as const] : [])));

describe('property: scores add up and stay within bounds', () => {
  it('points never exceed the possible nor go negative; every node is its children’s sum', () => {
    fc.assert(
      fc.property(anyAnswers, ({ survey, answers }) => {
        const score = scoreSurvey(survey, answers);
        const questions = questionsOf(survey);
        // Problems are collected as text (one expect per run keeps 200 runs fast).
        const problems: string[] = [];
        const check = (node: Node, name: string): void => {
          const children = [...node.segments, ...(node.questions ?? [])];
          for (const key of ['answerPoints', 'surveyPoints'] as const) {
            const sum = children.reduce((cents, child) => cents + toCents(child[key]), 0);
            if (sum !== toCents(node[key]))
              problems.push(`${name}: ${key} is not its children's sum`);
          }
          if (node.answerPoints < 0) problems.push(`${name}: negative`);
          if (node.answerPoints > node.surveyPoints) problems.push(`${name}: above the possible`);
          for (const q of node.questions ?? []) {
            if (q.answerPoints < 0 || q.answerPoints > q.surveyPoints) {
              problems.push(`question ${q.questionId}: ${q.answerPoints} of ${q.surveyPoints}`);
            }
            if (q.surveyPoints > questions.get(q.questionId)!.points) {
              problems.push(`question ${q.questionId}: worth more than its points`);
            }
          }
        };
        check(score, 'survey');
        for (const segment of allSegments(score)) check(segment, `segment ${segment.segmentId}`);
        expect(problems).toEqual([]);
      }),
      runs,
    );
  });

  it('every question and segment is scored once, in reading order (questionsInOrder too)', () => {
    fc.assert(
      fc.property(withGarbage, ({ survey, answers }) => {
        const segments = allSegments(scoreSurvey(survey, answers));
        const read = readingOrder(survey);
        const segmentIds = read.filter((n) => n.kind === 'segment').map((n) => n.id);
        expect(segments.map((s) => s.segmentId)).toEqual(segmentIds);
        expect(questionsInOrder(survey)).toEqual(
          read.flatMap((n) => (n.question ? [{ question: n.question, segmentIds: n.path }] : [])),
        );
        for (const segment of segments) {
          const inside = read.filter((n) => n.question && n.path.at(-1) === segment.segmentId);
          expect(segment.questions.map((q) => q.questionId)).toEqual(inside.map((n) => n.id));
        }
      }),
      runs,
    );
  });
});

describe('property: hidden and NA items', () => {
  it('hidden items (and everything in a hidden segment) and NA answers score 0 of 0', () => {
    fc.assert(
      fc.property(anyAnswers, ({ survey, answers }) => {
        const score: SurveyScore = scoreSurvey(survey, answers);
        const hidden = modelHidden(survey, answers);
        const firstNa = new Set<number>();
        const seen = new Set<number>();
        for (const a of answers) {
          if (!seen.has(a.questionId) && a.isNa) firstNa.add(a.questionId);
          seen.add(a.questionId);
        }
        const questions = questionsOf(survey);
        // The scores as the model says they must be, for hidden and NA items.
        const expected: unknown[] = [];
        const actual: unknown[] = [];
        for (const segment of allSegments(score)) {
          const segmentHidden = hidden.has(segment.segmentId);
          actual.push([segment.segmentId, segment.hidden]);
          expected.push([segment.segmentId, segmentHidden]);
          if (segmentHidden) {
            actual.push([segment.segmentId, segment.answerPoints, segment.surveyPoints]);
            expected.push([segment.segmentId, 0, 0]);
          }
          for (const q of segment.questions) {
            const isHidden = segmentHidden || hidden.has(q.questionId);
            const isNa = !isHidden && firstNa.has(q.questionId);
            const points = Math.max(0, questions.get(q.questionId)!.points);
            const { questionId, answerPoints, surveyPoints, answered } = q;
            actual.push([questionId, q.hidden, q.isNa, surveyPoints]);
            expected.push([questionId, isHidden, isNa, isHidden || isNa ? 0 : points]);
            if (isHidden || isNa) {
              actual.push([questionId, answerPoints, answered]);
              expected.push([questionId, 0, false]);
            }
          }
        }
        expect(actual).toEqual(expected);
      }),
      runs,
    );
  });
});

describe('property: a valid answer set is accepted', () => {
  it('has no issue, with or without the photo rules, and is sent whole', () => {
    fc.assert(
      fc.property(withValid, ({ survey, answers }) => {
        expect(surveyIssues(survey, answers)).toEqual([]);
        expect(surveyIssues(survey, answers, { photos: false })).toEqual([]);
        expect(shownAnswers(survey, answers)).toEqual(answers);
      }),
      runs,
    );
  });

  it('an answer added to a hidden question yields exactly one skip-logic issue, for it', () => {
    fc.assert(
      fc.property(withValid, fc.nat(), ({ survey, answers, seed }, at) => {
        const hidden = modelHidden(survey, answers);
        const hiddenQuestions = readingOrder(survey).filter((n) => n.question && hidden.has(n.id));
        fc.pre(hiddenQuestions.length > 0);
        const next = rng(seed + 1);
        const target = hiddenQuestions[next(hiddenQuestions.length)]!.question!;
        const index = at % (answers.length + 1);
        const extra = validAnswer(target, next);
        const list = [...answers.slice(0, index), extra, ...answers.slice(index)];
        expect(surveyIssues(survey, list)).toEqual([
          {
            questionId: target.id,
            answerIndex: index,
            field: '',
            message: `La pregunta "${target.description}" está oculta por la lógica de salto y no debe responderse.`,
          },
        ]);
        expect(shownAnswers(survey, list)).toEqual(answers);
      }),
      { ...runs, maxSkipsPerRun: 1000 },
    );
  });
});

describe('property: garbage never breaks the checks', () => {
  it('every issue names an answer of the list or a question of the survey; shown answers are a subset', () => {
    fc.assert(
      fc.property(withGarbage, ({ survey, answers }) => {
        const questions = questionsOf(survey);
        const problems = surveyIssues(survey, answers).filter(
          ({ questionId, answerIndex, message }) =>
            message === '' ||
            (answerIndex === null
              ? questionId === null || !questions.has(questionId)
              : answerIndex >= answers.length ||
                (questionId ?? answers[answerIndex]!.questionId) !==
                  answers[answerIndex]!.questionId),
        );
        expect(problems).toEqual([]);
        const shown = shownAnswers(survey, answers);
        expect(shown.every((a) => answers.includes(a))).toBe(true);
      }),
      runs,
    );
  });
});

/** The same tree with every array of segments and questions in another order. */
function shuffled(survey: EngineSurvey, next: (n: number) => number): EngineSurvey {
  const segment = (s: EngineSegment): EngineSegment => ({
    ...s,
    questions: shuffle(s.questions, next),
    children: shuffle(s.children.map(segment), next),
  });
  return { segments: shuffle(survey.segments.map(segment), next) };
}

describe('property: order of the input does not matter', () => {
  it('scoring ignores the order of the answers (one per question) and of the arrays', () => {
    fc.assert(
      fc.property(anyAnswers, fc.nat(), ({ survey, answers }, seed) => {
        const next = rng(seed);
        const once = new Map<number, EngineAnswer>();
        for (const a of answers) if (!once.has(a.questionId)) once.set(a.questionId, a);
        const unique = [...once.values()];
        const score = scoreSurvey(survey, unique);
        expect(scoreSurvey(survey, shuffle(unique, next))).toEqual(score);
        expect(scoreSurvey(shuffled(survey, next), unique)).toEqual(score);
      }),
      runs,
    );
  });
});
