/** Question types as the API enumerates them (spec 2 §3). */
export const QuestionType = {
  Text: 0,
  Integer: 1,
  Decimal: 2,
  Date: 3,
  YesNo: 4,
  SingleChoice: 5,
  MultipleChoice: 6,
  MaxChoicesCount: 7,
  MinChoicesCount: 8,
  ExactChoicesCount: 9,
  LikertMatrix: 10,
  Ranking: 11,
  Rating: 12,
} as const;

export type QuestionType = (typeof QuestionType)[keyof typeof QuestionType];

// Mapped by enum value: spec 1 §9 lists 'Ranking' before 'Matriz de Likert', the enum does not.
const LABELS: Record<QuestionType, string> = {
  [QuestionType.Text]: 'Texto',
  [QuestionType.Integer]: 'Entero',
  [QuestionType.Decimal]: 'Decimal',
  [QuestionType.Date]: 'Fecha',
  [QuestionType.YesNo]: 'Si/No',
  [QuestionType.SingleChoice]: 'Opción Única',
  [QuestionType.MultipleChoice]: 'Opción Multiple',
  [QuestionType.MaxChoicesCount]: 'Número Máximo de Opciones',
  [QuestionType.MinChoicesCount]: 'Número Mínimo de Opciones',
  [QuestionType.ExactChoicesCount]: 'Número Exacto de Opciones',
  [QuestionType.LikertMatrix]: 'Matriz de Likert',
  [QuestionType.Ranking]: 'Ranking',
  [QuestionType.Rating]: 'Rating',
};

/** Whether a number is one of the known question types. */
export function isQuestionType(type: number): type is QuestionType {
  return Object.prototype.hasOwnProperty.call(LABELS, type);
}

/** The Spanish label of a question type; 'Desconocido' for a type this version does not know. */
export function questionTypeLabel(type: number | null | undefined): string {
  return type != null && isQuestionType(type) ? LABELS[type] : 'Desconocido';
}

/** Types answered by picking options (they list the chosen options with their points). */
export const CHOICE_QUESTION_TYPES: readonly QuestionType[] = [
  QuestionType.YesNo,
  QuestionType.SingleChoice,
  QuestionType.MultipleChoice,
  QuestionType.MaxChoicesCount,
  QuestionType.MinChoicesCount,
  QuestionType.ExactChoicesCount,
  QuestionType.Ranking,
];
