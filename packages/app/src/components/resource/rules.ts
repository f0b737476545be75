import { NAME_MIN_LENGTH, commonMessages } from '@anaquel/api';
import { z } from 'zod';

// The validation rules every master-data form shares (spec 2 §5 "Common"), with the spec's words.

// The common messages and limits are the server's (@anaquel/api rules module).
const NAME_REQUIRED = commonMessages.nameRequired;
const NAME_MIN = commonMessages.nameMin;

// The required check comes first: a form shows the first message of a field, so an empty field
// reads 'obligatorio'. No `abort`: an aborted field would skip the form's cross-field rules
// (a campaign's dates) until it is fixed.

/** Required, at least `min` characters after trimming. */
export function requiredText(min: number, messages: { required: string; min?: string }) {
  return z
    .string()
    .trim()
    .min(1, { error: messages.required })
    .min(min, { error: messages.min ?? messages.required });
}

/** spec 2 §5: name required and at least 3 characters. */
export const nameRule = requiredText(NAME_MIN_LENGTH, { required: NAME_REQUIRED, min: NAME_MIN });

/** spec 2 §5: description at most `max` characters (255, 1000 for products); empty is fine. */
export function descriptionRule(max = 255) {
  return z
    .string()
    .trim()
    .max(max, { error: commonMessages.descriptionMax(max) });
}

/** A required text with a maximum length (client code, RFC...). */
export function limitedText(max: number, messages: { required?: string; max: string }) {
  const base = z.string().trim();
  return messages.required
    ? base.min(1, { error: messages.required }).max(max, { error: messages.max })
    : base.max(max, { error: messages.max });
}

/** spec 2 §5: isActive required (a switch, true by default on create). */
export const isActiveRule = z.boolean();

/** At least one id chosen in a multi-select ('Debe seleccionar al menos un estado'). */
export function idListRule(message: string) {
  return z.array(z.number().int().positive()).min(1, { error: message });
}

/** Empty text becomes null in a request body (descriptions, legal names). */
export function nullIfEmpty(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** A required choice of one record: a positive id, never null or 0 ('La categoría es obligatoria'). */
export function requiredIdRule(message: string) {
  return z
    .number({ error: message })
    .int()
    .min(1, { error: message })
    .nullable()
    .refine((id) => id !== null, { error: message })
    .transform((id) => id as number);
}
