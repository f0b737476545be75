// Survey and question types (docs/surveys.md): ids, Spanish labels and the rules each type
// carries. The one place these facts live on the server.
import { QUESTION_TYPE, QUESTION_TYPES } from '@anaquel/api/rules';

/** Lookup `surveyTypes`. */
export const SURVEY_TYPES = [
  { id: 1, name: 'Punto de venta' },
  { id: 2, name: 'Producto' },
] as const;

export const PRODUCT_SURVEY_TYPE = 2;

/**
 * Lookup `questionTypes`, the type ids by name and what each type carries: the contract's rules
 * (`@anaquel/api/rules`), which the survey engine shares.
 */
export { QUESTION_TYPES, QUESTION_TYPE as QuestionType };
export {
  allowsOther,
  choosesOptions,
  hasOptions,
  needsCount,
  needsTwoOptions,
} from '@anaquel/api/rules';

export const surveyTypeLabel = (type: number): string =>
  SURVEY_TYPES.find((t) => t.id === type)?.name ?? String(type);

export const questionTypeLabel = (type: number): string =>
  QUESTION_TYPES.find((t) => t.id === type)?.name ?? String(type);

/** The locked options of a Si/No question, in order. */
export const YES_NO_OPTIONS = ['Sí', 'No'] as const;

/** The description of the extra option. */
export const OTHER_OPTION = 'Otro';
