// Rules and Spanish messages that the server enforces and the app's forms check before sending
// (spec 1 §5, spec 2 §5), written once. Dependency-free plain values and functions: the server
// imports this module at run time as part of the contract (`@anaquel/api/rules`), the app wraps
// it in zod. Anything else the contract already states (types, formats, lengths) stays there.

/**
 * spec 2 §1: the profile whose users are promoters (they sync visits and need regions), compared
 * with a profile's name trimmed and in lower case.
 */
export const PROMOTER_PROFILE_NAME = 'promotor';

/** Whether a profile's name is the promoters' one (any case, surrounding spaces ignored). */
export const isPromoterProfile = (name: string | null | undefined): boolean =>
  name?.trim().toLowerCase() === PROMOTER_PROFILE_NAME;

/** spec 1 §9, spec 2 §5: at least 8 characters. */
export const PASSWORD_MIN_LENGTH = 8;
/** The longest password the contract accepts. */
export const PASSWORD_MAX_LENGTH = 128;
/** spec 2 §5: the special characters a strong password (reset, admin change) needs one of. */
export const PASSWORD_SPECIAL_CHARACTERS = '@$!%*?&#';
/** An uppercase letter of any alphabet ('Ñ', 'É' included). */
export const UPPERCASE_LETTER = /\p{Lu}/u;
const DIGIT = /\d/;

export const passwordMessages = {
  minLength: `Debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.`,
  uppercase: 'Debe contener al menos una letra mayúscula.',
  digit: 'Debe contener al menos un dígito.',
  special: `Debe contener al menos un carácter especial (${PASSWORD_SPECIAL_CHARACTERS}).`,
  maxLength: `Debe tener como máximo ${PASSWORD_MAX_LENGTH} caracteres.`,
  mismatch: 'Las contraseñas deben coincidir.',
} as const;

export interface PasswordPolicy {
  /** spec 2 §5 (reset and admin change) also requires one of @$!%*?&#. */
  special: boolean;
}

/** The rules a new password breaks, as their Spanish messages in the order a form shows them. */
export function passwordIssues(password: string, { special }: PasswordPolicy): string[] {
  const issues: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) issues.push(passwordMessages.minLength);
  if (!UPPERCASE_LETTER.test(password)) issues.push(passwordMessages.uppercase);
  if (!DIGIT.test(password)) issues.push(passwordMessages.digit);
  if (special && ![...PASSWORD_SPECIAL_CHARACTERS].some((c) => password.includes(c))) {
    issues.push(passwordMessages.special);
  }
  return issues;
}

/** spec 2 §5 "Common": a name is required and has at least 3 characters after trimming. */
export const NAME_MIN_LENGTH = 3;

export const commonMessages = {
  nameRequired: 'El nombre es obligatorio',
  nameMin: `El nombre debe tener al menos ${NAME_MIN_LENGTH} caracteres`,
  /** 'La descripción no puede exceder 255 caracteres' (1000 for products). */
  descriptionMax: (max: number) => `La descripción no puede exceder ${max} caracteres`,
} as const;

/** The message a (trimmed) name breaks, or null. */
export function nameIssue(name: string): string | null {
  if (name === '') return commonMessages.nameRequired;
  return name.length < NAME_MIN_LENGTH ? commonMessages.nameMin : null;
}

/**
 * The 13 question types (spec 2 §3 enumeration, spec 1 §9 labels; look-up `questionTypes`): id,
 * name in code and Spanish label. The server serves and checks these; ui keeps its own copy (it
 * imports nothing of ours) and app/src/lib/question-types.test.ts proves the two agree.
 */
export const QUESTION_TYPES = [
  { id: 0, key: 'Text', name: 'Texto' },
  { id: 1, key: 'Integer', name: 'Entero' },
  { id: 2, key: 'Decimal', name: 'Decimal' },
  { id: 3, key: 'Date', name: 'Fecha' },
  { id: 4, key: 'YesNo', name: 'Si/No' },
  { id: 5, key: 'SingleChoice', name: 'Opción Única' },
  { id: 6, key: 'MultipleChoice', name: 'Opción Multiple' },
  { id: 7, key: 'MaxChoicesCount', name: 'Número Máximo de Opciones' },
  { id: 8, key: 'MinChoicesCount', name: 'Número Mínimo de Opciones' },
  { id: 9, key: 'ExactChoicesCount', name: 'Número Exacto de Opciones' },
  { id: 10, key: 'LikertMatrix', name: 'Matriz de Likert' },
  { id: 11, key: 'Ranking', name: 'Ranking' },
  { id: 12, key: 'Rating', name: 'Rating' },
] as const;

type QuestionTypeEntry = (typeof QUESTION_TYPES)[number];

/** The question type ids by their name in code (`QUESTION_TYPE.YesNo` is 4). */
export const QUESTION_TYPE = Object.fromEntries(QUESTION_TYPES.map((t) => [t.key, t.id])) as {
  readonly [T in QuestionTypeEntry as T['key']]: T['id'];
};

/* The rules each question type carries (docs/surveys.md), by type id. */

/** Types answered with a typed value, and the answer field that carries it. */
export const VALUE_FIELD_OF_TYPE: Readonly<
  Partial<Record<number, 'textValue' | 'intValue' | 'decimalValue' | 'dateValue'>>
> = {
  [QUESTION_TYPE.Text]: 'textValue',
  [QUESTION_TYPE.Integer]: 'intValue',
  [QUESTION_TYPE.Decimal]: 'decimalValue',
  [QUESTION_TYPE.Date]: 'dateValue',
};

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

/** The fixed scale of a Likert matrix: a statement is answered with a level 1..5. */
export const LIKERT_LEVELS = 5;

/** The one distance between two positions (haversine), shared by the server and the field app. */
export { distanceMeters, type LatLng } from './geo';
