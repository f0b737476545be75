// The cells of a data row (docs/reports.md, "Sheet 'Reporte'"): the fixed ones, then each
// answer as its typed value, 'N/A' or its chosen options, with its points, then the segments'
// points and the totals. Every figure is the one stored at sync time (the survey engine's).
import type { QuestionNode, SurveyTree } from '../../surveys/tree-model.ts';
import { QuestionType } from '../../surveys/types.ts';
import { fillFixedCells, type CellValue, type Layout } from './columns.ts';
import type { BatchDetails } from './read-details.ts';
import type { VisitRow } from './read.ts';

export const LIKERT_SCALE = [
  'Totalmente en desacuerdo',
  'En desacuerdo',
  'Ni de acuerdo ni en desacuerdo',
  'De acuerdo',
  'Totalmente de acuerdo',
] as const;

/** The types whose cell is the answer's own value; every other type's cell shows options. */
export const VALUE_TYPES: ReadonlySet<number> = new Set([
  QuestionType.Text,
  QuestionType.Integer,
  QuestionType.Decimal,
  QuestionType.Date,
]);

interface StoredAnswer {
  isNa: boolean;
  textValue: string | null;
  intValue: number | null;
  decimalValue: number | null;
  dateValue: string | null;
  options: { optionId: number; value: number | null; otherText: string | null }[];
}

/** The cell of an answer (docs/reports.md): typed value, 'N/A', chosen options joined. */
function answerCell(tree: SurveyTree, question: QuestionNode, answer: StoredAnswer): CellValue {
  if (answer.isNa) return 'N/A';
  switch (question.type) {
    case QuestionType.Text:
      return answer.textValue;
    case QuestionType.Integer:
      return answer.intValue;
    case QuestionType.Decimal:
      return answer.decimalValue;
    case QuestionType.Date:
      return answer.dateValue ? new Date(`${answer.dateValue}T00:00:00Z`) : null;
    default:
      break;
  }
  if (answer.options.length === 1 && question.type !== QuestionType.Ranking) {
    // The usual case (one option chosen), without the arrays below.
    const [only] = answer.options;
    const option = tree.options.get(only!.optionId);
    if (!option) return null;
    if (question.type === QuestionType.LikertMatrix) {
      return `${option.description}: ${LIKERT_SCALE[(only!.value ?? 0) - 1] ?? ''}`;
    }
    return (option.isOther ? `Otro: ${only!.otherText ?? ''}` : option.description) || null;
  }
  const chosen = answer.options
    .map((o) => ({ ...o, option: tree.options.get(o.optionId) }))
    .filter((o) => o.option !== undefined);
  if (question.type === QuestionType.Ranking) {
    chosen.sort((a, b) => (a.value ?? 0) - (b.value ?? 0));
    return chosen.map((o) => `${o.value ?? ''}. ${o.option!.description}`).join(', ') || null;
  }
  chosen.sort((a, b) => a.option!.order - b.option!.order || a.optionId - b.optionId);
  if (question.type === QuestionType.LikertMatrix) {
    return (
      chosen
        .map((o) => `${o.option!.description}: ${LIKERT_SCALE[(o.value ?? 0) - 1] ?? ''}`)
        .join('; ') || null
    );
  }
  return (
    chosen
      .map((o) => (o.option!.isOther ? `Otro: ${o.otherText ?? ''}` : o.option!.description))
      .join(', ') || null
  );
}

const NO_OPTIONS: StoredAnswer['options'] = [];

/** One answer object, refilled for every cell (answerCell only reads it). */
const scratch: StoredAnswer = {
  isNa: false,
  textValue: null,
  intValue: null,
  decimalValue: null,
  dateValue: null,
  options: NO_OPTIONS,
};

/** The cell of the answer at `answer` of the batch: answerCell's, read from the columns. */
function batchAnswerCell(
  tree: SurveyTree,
  question: QuestionNode,
  details: BatchDetails,
  answer: number,
): CellValue {
  scratch.isNa = details.isNa[answer] === 1;
  // The one value column goes to the field of the question's type (answerCell reads only that).
  const value = details.values[answer] ?? null;
  scratch.textValue = question.type === QuestionType.Text ? value : null;
  scratch.intValue = question.type === QuestionType.Integer && value !== null ? Number(value) : null;
  scratch.decimalValue =
    question.type === QuestionType.Decimal && value !== null ? Number(value) : null;
  scratch.dateValue = question.type === QuestionType.Date ? value : null;
  const start = details.optionStart[answer]!;
  const count = details.optionCount[answer]!;
  if (count === 0) scratch.options = NO_OPTIONS;
  else {
    scratch.options = [];
    for (let i = start; i < start + count; i += 1) {
      scratch.options.push({
        optionId: details.optionIds[i]!,
        value: details.optionValues[i] ?? null,
        otherText: details.otherTexts[i] ?? null,
      });
    }
  }
  return answerCell(tree, question, scratch);
}

/**
 * Fills `values` with the cells of the batch's row `r` and returns it (one array reused from row
 * to row: exceljs copies the values into the row's cells).
 */
export function dataRow(
  values: CellValue[],
  tree: SurveyTree,
  layout: Layout,
  row: VisitRow,
  r: number,
  details: BatchDetails,
): CellValue[] {
  let k = fillFixedCells(values, row);
  const questions = layout.questions;
  const first = r * questions.length;
  for (let q = 0; q < questions.length; q += 1) {
    const answer = details.answerAt[first + q]! - 1;
    if (answer < 0) {
      values[k++] = null;
      values[k++] = null;
    } else {
      values[k++] = batchAnswerCell(tree, questions[q]!.question, details, answer);
      values[k++] = Number(details.points[answer]);
    }
  }
  const segments = layout.segments.length;
  for (let s = 0; s < segments; s += 1) {
    const at = r * segments + s;
    values[k++] = details.segmentSeen[at] ? details.segmentPoints[at]! : null;
  }
  values[k++] = row.answerPoints;
  values[k++] = row.surveyPoints;
  return values;
}
