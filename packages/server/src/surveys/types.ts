// Survey and question types (docs/surveys.md): ids, Spanish labels and the rules each type
// carries. The one place these facts live on the server.
import { QUESTION_TYPE, QUESTION_TYPES } from '@anaquel/api/rules';

/** Lookup `surveyTypes`. */
export const SURVEY_TYPES = [
  { id: 1, name: 'Punto de venta' },
  { id: 2, name: 'Producto' },
] as const;

export const PRODUCT_SURVEY_TYPE = 2;

/** Lookup `questionTypes` and the type ids by name: the contract's rules (`@anaquel/api/rules`). */
export { QUESTION_TYPES, QUESTION_TYPE as QuestionType };

export const surveyTypeLabel = (type: number): string =>
  SURVEY_TYPES.find((t) => t.id === type)?.name ?? String(type);

export const questionTypeLabel = (type: number): string =>
  QUESTION_TYPES.find((t) => t.id === type)?.name ?? String(type);

/** Types whose answers are options (4..12); 0..3 have none. */
export const hasOptions = (type: number): boolean => type >= 4 && type <= 12;

/** Types that may carry the extra option 'Otro' (spec 2 §5). */
export const allowsOther = (type: number): boolean => [5, 6, 7, 8, 9, 11].includes(type);

/** Types with an option limit `multipleOptionsCount` (7 at most, 8 at least, 9 exactly). */
export const needsCount = (type: number): boolean => type >= 7 && type <= 9;

/**
 * Types where an answer CHOOSES options, so that an option can hide items (skip logic): Si/No,
 * single, multiple, the three counted types and Rating. Likert statements and Ranking items are
 * all answered, so their options cannot hide anything.
 */
export const choosesOptions = (type: number): boolean => [4, 5, 6, 7, 8, 9, 12].includes(type);

/** Types where an answer chooses exactly one option. */
export const choosesOne = (type: number): boolean => [4, 5, 12].includes(type);

/** Types whose questions need at least two options to make sense. */
export const needsTwoOptions = (type: number): boolean => [4, 5, 6, 7, 8, 9, 11, 12].includes(type);

/** The locked options of a Si/No question, in order. */
export const YES_NO_OPTIONS = ['Sí', 'No'] as const;

/** The description of the extra option. */
export const OTHER_OPTION = 'Otro';
