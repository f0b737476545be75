// The preview on the one survey engine (@anaquel/api/survey-engine): the designer's view and the
// preview's form state are mapped onto the contract's survey tree and the answers a phone would
// send, so the preview hides, refuses and scores exactly as the sync does (docs/decisions.md,
// "One survey engine"). Photos are not taken in the preview, so their rules are left out.
import {
  hiddenItems,
  scoreSurvey,
  shownAnswers,
  surveyIssues,
  type EngineAnswer,
  type EngineQuestion,
  type EngineSegment,
  type EngineSurvey,
} from '@anaquel/api/survey-engine';
import type { PreviewAnswer, PreviewAnswers } from './preview-logic';
import { QuestionType } from './question-types';
import type { SurveyTreeQuestion, SurveyTreeSegment, SurveyTreeView } from './types';

const points = (value: unknown): number => Number(value) || 0;

function toEngineQuestion(question: SurveyTreeQuestion): EngineQuestion {
  return {
    id: Number(question.id),
    type: question.type,
    order: question.order,
    description: question.description,
    points: points(question.points),
    acceptsNA: Boolean(question.acceptsNA),
    isOptional: Boolean(question.isOptional),
    hasPhoto: Boolean(question.hasPhoto),
    multipleOptionsCount: question.multipleOptionsCount ?? null,
    multipleOptions: (question.multipleOptions ?? []).map((option) => ({
      id: Number(option.id),
      order: option.order,
      points: points(option.points),
      isOther: Boolean(option.isOther),
      blurredSegmentIds: (option.blurredSegmentIds ?? []).map(Number),
      blurredQuestionIds: (option.blurredQuestionIds ?? []).map(Number),
    })),
  };
}

function toEngineSegment(segment: SurveyTreeSegment): EngineSegment {
  return {
    id: Number(segment.id),
    order: segment.order,
    children: (segment.children ?? []).map(toEngineSegment),
    questions: (segment.questions ?? []).map(toEngineQuestion),
  };
}

/** The designer's tree as the engine reads it. */
export function toEngineSurvey(survey: Pick<SurveyTreeView, 'segments'>): EngineSurvey {
  return { segments: survey.segments.map(toEngineSegment) };
}

/** What a phone would send for the preview's state of one question; null when nothing is given. */
export function toEngineAnswer(
  question: EngineQuestion,
  answer: PreviewAnswer | undefined,
): EngineAnswer | null {
  if (!answer) return null;
  const questionId = question.id;
  if (answer.na && question.acceptsNA) return { questionId, isNa: true };
  switch (question.type) {
    case QuestionType.Text:
      return (answer.text ?? '').trim() === '' ? null : { questionId, textValue: answer.text! };
    case QuestionType.Integer:
      return answer.number == null ? null : { questionId, intValue: answer.number };
    case QuestionType.Decimal:
      return answer.number == null ? null : { questionId, decimalValue: answer.number };
    case QuestionType.Date:
      return answer.date ? { questionId, dateValue: answer.date } : null;
    case QuestionType.LikertMatrix: {
      const levels = Object.entries(answer.levels ?? {});
      if (levels.length === 0) return null;
      return {
        questionId,
        options: levels.map(([id, level]) => ({ optionId: Number(id), value: level })),
      };
    }
    case QuestionType.Ranking: {
      const ranked = answer.selected ?? [];
      if (ranked.length === 0) return null;
      return {
        questionId,
        options: ranked.map((id, index) => ({ optionId: Number(id), value: index + 1 })),
      };
    }
    default: {
      const chosen = answer.selected ?? [];
      if (chosen.length === 0) return null;
      const other = question.multipleOptions.find((option) => option.isOther)?.id;
      return {
        questionId,
        options: chosen.map((id) =>
          Number(id) === other
            ? { optionId: other, otherText: answer.otherText ?? '' }
            : { optionId: Number(id) },
        ),
      };
    }
  }
}

/** The running score of the preview. */
export interface PreviewScore {
  /** Points earned by the shown questions' acceptable answers. */
  points: number;
  /** Points the shown questions can give (NA-answered ones left out). */
  maxPoints: number;
  /** Shown questions whose answer is missing or breaks a rule. */
  pending: number;
}

/** What the preview shows for a state of its answers. */
export interface PreviewState {
  /** Hidden segments and questions, by id as text. */
  hidden: { segments: ReadonlySet<string>; questions: ReadonlySet<string> };
  /** The sync's messages for each shown question with a problem, by question id as text. */
  errors: ReadonlyMap<string, readonly string[]>;
  score: PreviewScore;
}

/** Hides, checks and scores the preview's answers with the engine. */
export function evaluatePreview(survey: EngineSurvey, answers: PreviewAnswers): PreviewState {
  const given: EngineAnswer[] = [];
  const walk = (segment: EngineSegment) => {
    for (const question of segment.questions) {
      const answer = toEngineAnswer(question, answers[String(question.id)]);
      if (answer) given.push(answer);
    }
    segment.children.forEach(walk);
  };
  survey.segments.forEach(walk);

  // A phone sends the answers of shown questions only (an answer whose question a later choice
  // hid stays on the device): the preview keeps them too, and checks and scores the shown ones.
  const sent = shownAnswers(survey, given);
  const issues = surveyIssues(survey, sent, { photos: false });
  const errors = new Map<string, string[]>();
  for (const issue of issues) {
    if (issue.questionId === null) continue;
    const key = String(issue.questionId);
    errors.set(key, [...(errors.get(key) ?? []), issue.message]);
  }
  const accepted = sent.filter((answer) => !errors.has(String(answer.questionId)));
  const score = scoreSurvey(survey, accepted);
  const hidden = hiddenItems(survey, new Map(accepted.map((a) => [a.questionId, a])));
  return {
    hidden: {
      segments: new Set([...hidden.segmentIds].map(String)),
      questions: new Set([...hidden.questionIds].map(String)),
    },
    errors,
    score: { points: score.answerPoints, maxPoints: score.surveyPoints, pending: errors.size },
  };
}
