import { z } from 'zod';

// spec 1 §5 "Export form": every message as the spec words it.
export const CAMPAIGN_REQUIRED = 'La campaña es obligatoria';
export const SURVEY_REQUIRED = 'El cuestionario es obligatorio';
export const START_REQUIRED = 'La fecha de inicio es obligatoria';
/** Not worded by the spec (it only says "required"); ours. */
export const END_REQUIRED = 'La fecha de fin es obligatoria';
export const END_BEFORE_START = 'La fecha de fin no puede ser anterior a la fecha de inicio';

const requiredId = (message: string) =>
  z
    .number({ error: message })
    .nullable()
    .refine((id) => id !== null && id > 0, { error: message })
    .transform((id) => id as number);

const requiredDate = (message: string) =>
  z
    .string({ error: message })
    .nullable()
    .refine((date) => !!date, { error: message })
    .transform((date) => date as string);

export const exportSchema = z
  .object({
    campaignId: requiredId(CAMPAIGN_REQUIRED),
    surveyId: requiredId(SURVEY_REQUIRED),
    startDate: requiredDate(START_REQUIRED),
    endDate: requiredDate(END_REQUIRED),
  })
  .refine(({ startDate, endDate }) => endDate >= startDate, {
    path: ['endDate'],
    error: END_BEFORE_START,
    // Checked as soon as both dates are there, even while the selectors are still empty.
    when: ({ value }) => {
      const { startDate, endDate } = (value ?? {}) as { startDate?: unknown; endDate?: unknown };
      return typeof startDate === 'string' && typeof endDate === 'string';
    },
  });

export type ExportValues = z.input<typeof exportSchema>;
export type ExportOutput = z.output<typeof exportSchema>;

export const EMPTY_EXPORT: ExportValues = {
  campaignId: null,
  surveyId: null,
  startDate: null,
  endDate: null,
};
