import { z } from 'zod';
import {
  descriptionRule,
  idListRule,
  isActiveRule,
  nameRule,
} from '../../components/resource/rules';

const START_REQUIRED = 'La fecha de inicio es obligatoria';
const END_BEFORE_START = 'La fecha de fin debe ser posterior a la fecha de inicio';

/** Today in the user's time zone as 'YYYY-MM-DD' (spec 2 §5: the start defaults to today). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

// spec 2 §5 "Campaign": at least one client; startDate required; endDate optional and not before
// the start (the same day is allowed); common name and description rules.
export const campaignSchema = z
  .object({
    name: nameRule,
    description: descriptionRule(255),
    startDate: z
      .string({ error: START_REQUIRED })
      .nullable()
      .refine((date) => !!date, { error: START_REQUIRED })
      .transform((date) => date as string),
    endDate: z.string().nullable(),
    clientIds: idListRule('Debe seleccionar al menos un cliente'),
    isActive: isActiveRule,
  })
  .refine(({ startDate, endDate }) => !startDate || !endDate || endDate >= startDate, {
    path: ['endDate'],
    error: END_BEFORE_START,
    // Checked even while other fields are still invalid: the dates' own message shows at once.
    when: ({ value }) => {
      const { startDate, endDate } = (value ?? {}) as { startDate?: unknown; endDate?: unknown };
      return typeof startDate === 'string' && typeof endDate === 'string';
    },
  });

export type CampaignValues = z.input<typeof campaignSchema>;
export type CampaignOutput = z.output<typeof campaignSchema>;
