import { commonMessages, nameIssue } from '@anaquel/api/rules';
import type { ValidationIssue } from '../http/errors.ts';

// Field rules whose Spanish message the spec gives (spec 2 §5). Types, formats and the database
// limits are checked by the contract schema before a handler runs; these run in the handler so
// that the user reads the spec's own words.

export type Issues = ValidationIssue[];

/** Trims; an empty result is null. */
export function cleanText(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** spec 2 §5 common rule: 'El nombre es obligatorio', 'El nombre debe tener al menos 3 caracteres'. */
export function checkName(issues: Issues, value: string | null, field = 'name'): void {
  const message = nameIssue(value ?? '');
  if (message !== null) issues.push({ field, message });
}

export function checkRequired(
  issues: Issues,
  value: unknown,
  field: string,
  message: string,
): void {
  if (value === null || value === undefined || value === '') issues.push({ field, message });
}

export function checkMinLength(
  issues: Issues,
  value: string | null,
  min: number,
  field: string,
  message: string,
): void {
  if (value !== null && value.length < min) issues.push({ field, message });
}

function checkMaxLength(
  issues: Issues,
  value: string | null,
  max: number,
  field: string,
  message: string,
): void {
  if (value !== null && [...value].length > max) issues.push({ field, message });
}

/** spec 2 §5: 'La descripción no puede exceder 255 caracteres' (1000 for products). */
export function checkDescription(issues: Issues, value: string | null, max = 255): void {
  checkMaxLength(issues, value, max, 'description', commonMessages.descriptionMax(max));
}

/** Removes repeated ids, keeping the first occurrence. */
export function uniqueIds(ids: readonly number[] | null | undefined): number[] {
  return [...new Set(ids ?? [])];
}
