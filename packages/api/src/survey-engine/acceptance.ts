// Whether answers are acceptable for their questions (docs/sync.md, "Qué se rechaza"): the value
// each type asks for, option counts, 'Otro', 'No aplica', Likert and Ranking, photos, then the
// skip logic and required questions over the whole survey. The sync refuses a visit with these
// issues; the preview and the field app show the same messages before anything is sent.
import { LIKERT_LEVELS, QUESTION_TYPE, VALUE_FIELD_OF_TYPE, choosesOne } from '../rules';
import { answerMessages as m } from './messages';
import {
  type EngineAnswer,
  type EngineChoice,
  type EngineQuestion,
  type EngineSegment,
  type EngineSurvey,
  type SurveyOrder,
  questionsInOrder,
  surveyOrder,
} from './model';
import { isAnswered } from './scoring';
import { answersByQuestion, hiddenItems } from './visibility';

/** A problem of one answer; `field` is relative to the answer ('' for the answer itself). */
export interface AnswerIssue {
  field: string;
  message: string;
}

/** A problem of a survey's answers: the answer it is about (its index), or none for a missing one. */
export interface SurveyIssue extends AnswerIssue {
  questionId: number | null;
  /** Index of the answer in the list checked; null when the question has no answer. */
  answerIndex: number | null;
}

export interface CheckOptions {
  /**
   * Whether the photo rules apply (default true). The designer's preview takes no photos, so it
   * checks everything else.
   */
  photos?: boolean;
}

const VALUE_FIELDS = ['textValue', 'intValue', 'decimalValue', 'dateValue'] as const;
const present = (value: unknown): boolean => value !== undefined && value !== null;

/** A calendar day 'YYYY-MM-DD' of the years 0001..9999 (what PostgreSQL's `date` stores). */
export function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1) return false;
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** What is wrong with one answer for its question (the rules that need no other answer). */
export function answerIssues(
  question: EngineQuestion,
  answer: EngineAnswer,
  options: CheckOptions = {},
): AnswerIssue[] {
  const issues: AnswerIssue[] = [];
  const add = (field: string, message: string) => issues.push({ field, message });
  const chosen = answer.options ?? [];
  const photos = answer.photoIds ?? [];
  const checkPhotos = options.photos ?? true;

  if (answer.isNa) {
    if (!question.acceptsNA) add('isNa', m.naNotAccepted);
    if (VALUE_FIELDS.some((f) => present(answer[f])) || chosen.length > 0)
      add('isNa', m.naWithValue);
    if (checkPhotos && photos.length > 0) add('photoIds', m.naWithPhotos);
    return issues;
  }
  const expected = VALUE_FIELD_OF_TYPE[question.type];
  for (const field of VALUE_FIELDS) {
    if (field !== expected && present(answer[field])) {
      add(
        field,
        expected ? m.expectsValue(question.type, expected) : m.expectsOptions(question.type),
      );
    }
  }
  if (expected) {
    if (chosen.length > 0) add('options', m.noOptions(question.type));
    if (question.type === QUESTION_TYPE.Integer && present(answer.intValue)) {
      if (!Number.isSafeInteger(answer.intValue)) add('intValue', m.notInteger);
    }
    if (typeof answer.dateValue === 'string' && !isCalendarDay(answer.dateValue)) {
      add('dateValue', m.notDay);
    }
  } else {
    optionIssues(question, chosen, add);
  }
  if (checkPhotos) {
    if (question.hasPhoto) {
      if (photos.length === 0) add('photoIds', m.photoRequired);
    } else if (photos.length > 0) {
      add('photoIds', m.photoNotAllowed);
    }
    if (new Set(photos).size !== photos.length) add('photoIds', m.photoRepeated);
  }
  return issues;
}

function optionIssues(
  question: EngineQuestion,
  chosen: readonly EngineChoice[],
  add: (field: string, message: string) => void,
): void {
  const byId = new Map(question.multipleOptions.map((option) => [option.id, option]));
  const ids = new Set<number>();
  const valued =
    question.type === QUESTION_TYPE.LikertMatrix || question.type === QUESTION_TYPE.Ranking;
  chosen.forEach((choice, index) => {
    const at = `options[${index}]`;
    const option = byId.get(choice.optionId);
    if (!option) {
      add(`${at}.optionId`, m.optionNotInQuestion(choice.optionId));
      return;
    }
    if (ids.has(option.id)) add(`${at}.optionId`, m.optionTwice);
    ids.add(option.id);
    if (option.isOther && (choice.otherText?.trim() ?? '') === '') {
      add(`${at}.otherText`, m.otherTextMissing);
    }
    if (!option.isOther && present(choice.otherText)) add(`${at}.otherText`, m.otherTextElsewhere);
    if (!valued && present(choice.value)) add(`${at}.value`, m.optionWithValue);
    if (question.type === QUESTION_TYPE.LikertMatrix) {
      const level = choice.value;
      if (!Number.isInteger(level) || level! < 1 || level! > LIKERT_LEVELS) {
        add(`${at}.value`, m.likertLevel);
      }
    }
  });
  countIssues(question, chosen, ids.size, add);
}

function countIssues(
  question: EngineQuestion,
  chosen: readonly EngineChoice[],
  count: number,
  add: (field: string, message: string) => void,
): void {
  const n = question.multipleOptionsCount ?? 0;
  const total = question.multipleOptions.length;
  switch (question.type) {
    case QUESTION_TYPE.MultipleChoice:
      if (count < 1) add('options', m.atLeastOne);
      return;
    case QUESTION_TYPE.MaxChoicesCount:
      if (count < 1) add('options', m.atLeastOne);
      if (count > n) add('options', m.atMost(n));
      return;
    case QUESTION_TYPE.MinChoicesCount:
      if (count < n) add('options', m.atLeast(n));
      return;
    case QUESTION_TYPE.ExactChoicesCount:
      if (count !== n) add('options', m.exactly(n));
      return;
    case QUESTION_TYPE.LikertMatrix:
      if (count !== total) add('options', m.likertEveryStatement);
      return;
    case QUESTION_TYPE.Ranking: {
      const positions = chosen.map((choice) => choice.value);
      const complete =
        count === total &&
        chosen.length === total &&
        new Set(positions).size === total &&
        positions.every((p) => Number.isInteger(p) && p! >= 1 && p! <= total);
      if (!complete) add('options', m.rankingComplete(total));
      return;
    }
    default:
      if (choosesOne(question.type) && count !== 1) add('options', m.exactlyOne);
  }
}

/** Every question of the survey by id. */
export function questionsById(survey: EngineSurvey): Map<number, EngineQuestion> {
  const map = new Map<number, EngineQuestion>();
  const walk = (segment: EngineSegment): void => {
    for (const question of segment.questions) map.set(question.id, question);
    for (const child of segment.children) walk(child);
  };
  for (const segment of survey.segments) walk(segment);
  return map;
}

/**
 * Every problem of one survey's answers: each answer's own (unknown or repeated question, then
 * `answerIssues`), then, with the answers that passed, the skip logic (an answer to a hidden
 * question) and the required questions that are shown and unanswered.
 */
export function surveyIssues(
  survey: EngineSurvey,
  answers: readonly EngineAnswer[],
  options: CheckOptions = {},
  order: SurveyOrder = surveyOrder(survey),
): SurveyIssue[] {
  const issues: SurveyIssue[] = [];
  const questions = questionsById(survey);
  const accepted = new Map<number, EngineAnswer>();
  const firstIndex = new Map<number, number>();

  answers.forEach((answer, index) => {
    const push = (issue: AnswerIssue, questionId: number | null) =>
      issues.push({ ...issue, questionId, answerIndex: index });
    const question = questions.get(answer.questionId);
    if (!question) {
      push({ field: 'questionId', message: m.notInSurvey(answer.questionId) }, null);
      return;
    }
    if (firstIndex.has(question.id)) {
      push({ field: 'questionId', message: m.answeredTwice }, question.id);
      return;
    }
    firstIndex.set(question.id, index);
    const own = answerIssues(question, answer, options);
    for (const issue of own) push(issue, question.id);
    if (own.length === 0) accepted.set(question.id, answer);
  });

  // hiddenItems counts every question inside a hidden segment as hidden.
  const hidden = hiddenItems(survey, accepted, order);
  for (const { question } of questionsInOrder(survey, order)) {
    const index = firstIndex.get(question.id) ?? null;
    const at = { questionId: question.id, answerIndex: index, field: '' };
    if (hidden.questionIds.has(question.id)) {
      if (index !== null) issues.push({ ...at, message: m.hidden(question.description) });
      continue;
    }
    if (question.isOptional) continue;
    const answer = accepted.get(question.id);
    const missing = index === null || (answer && !answer.isNa && !isAnswered(question, answer));
    if (missing) issues.push({ ...at, message: m.required(question.description) });
  }
  return issues;
}

/**
 * The answers a device sends: those of shown questions (answers given before a later choice hid
 * their question are kept on the device but not sent).
 */
export function shownAnswers(
  survey: EngineSurvey,
  answers: readonly EngineAnswer[],
  order: SurveyOrder = surveyOrder(survey),
): EngineAnswer[] {
  const hidden = hiddenItems(survey, answersByQuestion(answers), order);
  return answers.filter((answer) => !hidden.questionIds.has(answer.questionId));
}
