// Checks the answers of one survey of a visit against the survey (docs/sync.md, "Qué se
// rechaza"): types, option counts, 'Otro', NA, photos, required questions and the skip logic.
// Pure: the survey comes in the plain shape below and the problems come out as Spanish
// `{ field, message }` pairs, so the sync can refuse the whole visit with its reasons.
import type { ValidationIssue } from '../http/errors.ts';
import { isStorableDay } from '../http/input-limits.ts';
import {
  hiddenItems,
  isAnswered,
  LIKERT_LEVELS,
  type ScoringAnswer,
  type ScoringOption,
  type ScoringQuestion,
  type ScoringSegment,
  type ScoringSurvey,
} from '../surveys/scoring.ts';
import { QuestionType, choosesOne, questionTypeLabel } from '../surveys/types.ts';

export interface AnswerableOption extends ScoringOption {
  isOther: boolean;
}

export interface AnswerableQuestion extends ScoringQuestion {
  description: string;
  acceptsNa: boolean;
  isOptional: boolean;
  hasPhoto: boolean;
  multipleOptionsCount: number | null;
  options: readonly AnswerableOption[];
}

export interface AnswerableSegment extends ScoringSegment {
  segments: readonly AnswerableSegment[];
  questions: readonly AnswerableQuestion[];
}

/** A survey as the sync checks and scores it. */
export interface AnswerableSurvey extends ScoringSurvey {
  id: number;
  campaignId: number;
  /** The download offers active surveys only; a visit may answer no other. */
  isActive: boolean;
  /** 1 point of sale, 2 product. */
  type: number;
  segments: readonly AnswerableSegment[];
}

/** An answer as the phone sends it (openapi SyncAnswer). */
export interface SentAnswer {
  questionId: number;
  isNa?: boolean;
  textValue?: string | null;
  intValue?: number | null;
  decimalValue?: number | null;
  dateValue?: string | null;
  options?: { optionId: number; value?: number | null; otherText?: string | null }[];
  photoIds?: string[];
}

export function questionsOf(survey: AnswerableSurvey): Map<number, AnswerableQuestion> {
  const map = new Map<number, AnswerableQuestion>();
  const walk = (segment: AnswerableSegment): void => {
    for (const question of segment.questions) map.set(question.id, question);
    for (const child of segment.segments) walk(child);
  };
  for (const segment of survey.segments) walk(segment);
  return map;
}

/** The answer in the scoring shape (blank text is no text). */
export function toScoringAnswer(answer: SentAnswer): ScoringAnswer {
  return {
    questionId: answer.questionId,
    isNa: answer.isNa ?? false,
    textValue: answer.textValue ?? null,
    intValue: answer.intValue ?? null,
    decimalValue: answer.decimalValue ?? null,
    dateValue: answer.dateValue ?? null,
    options: (answer.options ?? []).map((o) => ({ optionId: o.optionId, value: o.value ?? null })),
  };
}

const VALUE_FIELD: Record<number, keyof SentAnswer> = {
  [QuestionType.Text]: 'textValue',
  [QuestionType.Integer]: 'intValue',
  [QuestionType.Decimal]: 'decimalValue',
  [QuestionType.Date]: 'dateValue',
};
const VALUE_FIELDS = ['textValue', 'intValue', 'decimalValue', 'dateValue'] as const;

const present = (value: unknown): boolean => value !== undefined && value !== null;

/**
 * Problems of the answers of one survey (empty when they can be stored). `path` prefixes the
 * fields, e.g. `surveys[0]`.
 */
export function checkAnswers(
  survey: AnswerableSurvey,
  sent: readonly SentAnswer[],
  path: string,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const questions = questionsOf(survey);
  const byQuestion = new Map<number, ScoringAnswer>();
  const seen = new Set<number>();

  sent.forEach((answer, index) => {
    const at = `${path}.answers[${index}]`;
    const add = (field: string, message: string) =>
      issues.push({ field: field ? `${at}.${field}` : at, message });
    const question = questions.get(answer.questionId);
    if (!question) {
      add('questionId', `La pregunta ${answer.questionId} no pertenece al cuestionario.`);
      return;
    }
    if (seen.has(question.id)) {
      add('questionId', 'La pregunta se respondió más de una vez.');
      return;
    }
    seen.add(question.id);
    const before = issues.length;
    const options = answer.options ?? [];
    const photos = answer.photoIds ?? [];

    if (answer.isNa) {
      if (!question.acceptsNa) add('isNa', 'La pregunta no acepta "No aplica".');
      if (VALUE_FIELDS.some((f) => present(answer[f])) || options.length > 0) {
        add('isNa', 'Una respuesta "No aplica" no lleva valor ni opciones.');
      }
      if (photos.length > 0) add('photoIds', 'Una respuesta "No aplica" no lleva fotos.');
    } else {
      const label = questionTypeLabel(question.type);
      const expected = VALUE_FIELD[question.type];
      for (const field of VALUE_FIELDS) {
        if (field !== expected && present(answer[field])) {
          add(
            field,
            expected
              ? `La pregunta es de tipo ${label}: se espera ${expected}.`
              : `La pregunta es de tipo ${label}: se responde con options.`,
          );
        }
      }
      if (expected) {
        if (options.length > 0)
          add('options', `La pregunta es de tipo ${label}: no lleva opciones.`);
        if (question.type === QuestionType.Integer && present(answer.intValue)) {
          if (!Number.isSafeInteger(answer.intValue)) add('intValue', 'Debe ser un número entero.');
        }
        if (typeof answer.dateValue === 'string' && !isStorableDay(answer.dateValue)) {
          add('dateValue', 'Debe ser una fecha válida con el formato AAAA-MM-DD.');
        }
      } else {
        checkOptions(question, options, (field, message) => add(field, message));
      }
      if (question.hasPhoto) {
        if (photos.length === 0) add('photoIds', 'La pregunta requiere al menos una foto.');
      } else if (photos.length > 0) {
        add('photoIds', 'La pregunta no admite fotos.');
      }
      if (new Set(photos).size !== photos.length) add('photoIds', 'Una foto se repite.');
    }
    if (issues.length === before) byQuestion.set(question.id, toScoringAnswer(answer));
  });

  // Skip logic and required questions, with the answers that passed.
  const hidden = hiddenItems(survey, byQuestion);
  const visit = (segment: AnswerableSegment, hiddenAbove: boolean): void => {
    const segmentHidden = hiddenAbove || hidden.segmentIds.has(segment.id);
    for (const question of segment.questions) {
      const isHidden = segmentHidden || hidden.questionIds.has(question.id);
      const index = sent.findIndex((a) => a.questionId === question.id);
      const field = index >= 0 ? `${path}.answers[${index}]` : `${path}.answers`;
      if (isHidden) {
        if (index >= 0) {
          issues.push({
            field,
            message: `La pregunta "${question.description}" está oculta por la lógica de salto y no debe responderse.`,
          });
        }
        continue;
      }
      if (question.isOptional) continue;
      const answer = byQuestion.get(question.id);
      const missing = index < 0 || (answer && !answer.isNa && !isAnswered(question, answer));
      if (missing) {
        issues.push({ field, message: `La pregunta "${question.description}" es obligatoria.` });
      }
    }
    for (const child of segment.segments) visit(child, segmentHidden);
  };
  for (const segment of survey.segments) visit(segment, false);
  return issues;
}

function checkOptions(
  question: AnswerableQuestion,
  chosen: NonNullable<SentAnswer['options']>,
  add: (field: string, message: string) => void,
): void {
  const byId = new Map(question.options.map((option) => [option.id, option]));
  const ids = new Set<number>();
  chosen.forEach((choice, index) => {
    const at = `options[${index}]`;
    const option = byId.get(choice.optionId);
    if (!option) {
      add(`${at}.optionId`, `La opción ${choice.optionId} no pertenece a la pregunta.`);
      return;
    }
    if (ids.has(option.id)) add(`${at}.optionId`, 'La opción se eligió más de una vez.');
    ids.add(option.id);
    const text = choice.otherText?.trim() ?? '';
    if (option.isOther && text === '')
      add(`${at}.otherText`, 'Escribe el texto de la opción "Otro".');
    if (!option.isOther && present(choice.otherText)) {
      add(`${at}.otherText`, 'Solo la opción "Otro" lleva texto.');
    }
    const needsValue =
      question.type === QuestionType.LikertMatrix || question.type === QuestionType.Ranking;
    if (!needsValue && present(choice.value)) add(`${at}.value`, 'La opción no lleva valor.');
    if (question.type === QuestionType.LikertMatrix) {
      const level = choice.value;
      if (!Number.isInteger(level) || level! < 1 || level! > LIKERT_LEVELS) {
        add(`${at}.value`, 'Cada afirmación se responde con un nivel de 1 a 5.');
      }
    }
  });

  const count = ids.size;
  const n = question.multipleOptionsCount ?? 0;
  switch (question.type) {
    case QuestionType.MultipleChoice:
      if (count < 1) add('options', 'Se debe elegir al menos una opción.');
      break;
    case QuestionType.MaxChoicesCount:
      if (count < 1) add('options', 'Se debe elegir al menos una opción.');
      if (count > n) add('options', `Se pueden elegir como máximo ${n} opciones.`);
      break;
    case QuestionType.MinChoicesCount:
      if (count < n) add('options', `Se deben elegir al menos ${n} opciones.`);
      break;
    case QuestionType.ExactChoicesCount:
      if (count !== n) add('options', `Se deben elegir exactamente ${n} opciones.`);
      break;
    case QuestionType.LikertMatrix:
      if (count !== question.options.length) {
        add('options', 'Cada afirmación de la matriz se responde una vez.');
      }
      break;
    case QuestionType.Ranking: {
      const positions = chosen.map((c) => c.value);
      const total = question.options.length;
      const valid =
        count === total &&
        chosen.length === total &&
        new Set(positions).size === total &&
        positions.every((p) => Number.isInteger(p) && p! >= 1 && p! <= total);
      if (!valid) {
        add(
          'options',
          `El ranking ordena todas las opciones con posiciones de 1 a ${total}, sin repetir.`,
        );
      }
      break;
    }
    default:
      if (choosesOne(question.type) && count !== 1) {
        add('options', 'Se debe elegir exactamente una opción.');
      }
  }
}
