import { z } from 'zod';
import { isActiveRule, limitedText } from '../../components/resource/rules';

// spec 2 §5 "Client": code required, max 50; commercialName required, max 100; legalName max 100;
// taxId (RFC) required, max 13.
export const clientSchema = z.object({
  code: limitedText(50, {
    required: 'El código es obligatorio',
    max: 'El código no puede exceder 50 caracteres',
  }),
  commercialName: limitedText(100, {
    required: 'El nombre comercial es obligatorio',
    max: 'El nombre comercial no puede exceder 100 caracteres',
  }),
  legalName: limitedText(100, { max: 'La razón social no puede exceder 100 caracteres' }),
  taxId: limitedText(13, {
    required: 'El RFC es obligatorio',
    max: 'El RFC no puede exceder 13 caracteres',
  }),
  isActive: isActiveRule,
});

export type ClientValues = z.input<typeof clientSchema>;
export type ClientOutput = z.output<typeof clientSchema>;
