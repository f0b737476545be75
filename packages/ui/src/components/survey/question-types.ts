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

/** spec 2 §5: the extra option 'Otro' is allowed only for types 5, 6, 7, 8, 9 and 11. */
export const OTHER_OPTION_TYPES: readonly QuestionType[] = [
  QuestionType.SingleChoice,
  QuestionType.MultipleChoice,
  QuestionType.MaxChoicesCount,
  QuestionType.MinChoicesCount,
  QuestionType.ExactChoicesCount,
  QuestionType.Ranking,
];

/**
 * Types answered by picking options (they list the chosen options with their points): Si/No and
 * the types that allow 'Otro'.
 */
export const CHOICE_QUESTION_TYPES: readonly QuestionType[] = [
  QuestionType.YesNo,
  ...OTHER_OPTION_TYPES,
];

/** Whether a type allows the extra option 'Otro' (its switch is enabled). */
export function allowsOtherOption(type: number | null | undefined): boolean {
  return type != null && (OTHER_OPTION_TYPES as readonly number[]).includes(type);
}

/** Types 7, 8 and 9 need `multipleOptionsCount` (at least 1, spec 2 §5). */
export function needsOptionsCount(type: number | null | undefined): boolean {
  return (
    type === QuestionType.MaxChoicesCount ||
    type === QuestionType.MinChoicesCount ||
    type === QuestionType.ExactChoicesCount
  );
}

/** Types answered with options (Si/No .. Rating): the designer lists their options. */
export function hasOptions(type: number | null | undefined): boolean {
  return type != null && type >= QuestionType.YesNo && type <= QuestionType.Rating;
}

/** Types whose options the user adds (every option type but Si/No, whose two are fixed). */
export function canAddOptions(type: number | null | undefined): boolean {
  return hasOptions(type) && type !== QuestionType.YesNo;
}

/** What of an option cannot be edited (spec 2 §5). */
export interface OptionLocks {
  /** Description locked: the options of Si/No and the extra option 'Otro'. */
  description: boolean;
  /** Points locked: Ranking options (always 0). */
  points: boolean;
  /** Delete hidden: a locked option (Si/No's and 'Otro', removed with `hasOther`). */
  delete: boolean;
}

/** The locks of an option of a question of `type`. */
export function optionLocks(
  type: number | null | undefined,
  option: { isOther?: boolean | null } = {},
): OptionLocks {
  const description = type === QuestionType.YesNo || option.isOther === true;
  return { description, points: type === QuestionType.Ranking, delete: description };
}
