import { z } from 'zod';
import { isActiveRule, limitedText, nameRule, requiredText } from '../../components/resource/rules';

const pointOfSaleMessages = {
  codeRequired: 'El código es obligatorio',
  codeMin: 'El código debe tener al menos 3 caracteres',
  codeMax: 'El código no puede exceder 50 caracteres',
  nameMax: 'El nombre no puede exceder 100 caracteres',
  zipCode: 'El código postal debe tener 5 dígitos',
  stateRequired: 'El estado es obligatorio',
  municipalityRequired: 'El municipio es obligatorio',
  municipalityMax: 'El municipio no puede exceder 100 caracteres',
  settlementRequired: 'El asentamiento es obligatorio',
  settlementMax: 'El asentamiento no puede exceder 150 caracteres',
  streetRequired: 'La calle es obligatoria',
  streetMax: 'La calle no puede exceder 150 caracteres',
  externalNumberRequired: 'El número exterior es obligatorio',
  externalNumberMax: 'El número exterior no puede exceder 20 caracteres',
  internalNumberMax: 'El número interior no puede exceder 20 caracteres',
  cityMax: 'La ciudad no puede exceder 100 caracteres',
  latitude: 'La latitud debe ser un número válido',
  longitude: 'La longitud debe ser un número válido',
} as const;

/** spec 2 §9: a Mexican zip code is exactly 5 digits. */
export const ZIP_CODE_PATTERN = /^\d{5}$/;

const DECIMAL = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * spec 2 §5: a coordinate typed as text, empty for none; otherwise a decimal number within
 * ±`limit` degrees (the server's range), or the spec's message.
 */
function coordinateRule(limit: number, message: string) {
  return z
    .string()
    .trim()
    .refine((text) => text === '' || (DECIMAL.test(text) && Math.abs(Number(text)) <= limit), {
      error: message,
    })
    .transform((text) => (text === '' ? null : Number(text)));
}

// spec 2 §5 "Point of sale": code and name required with at least 3 characters; zip code exactly 5
// digits; state required and not 0; municipality, settlement, street and external number
// required; city and internal number optional; latitude and longitude numeric or empty. The
// maximum lengths are the contract's.
export const pointOfSaleSchema = z.object({
  code: requiredText(3, {
    required: pointOfSaleMessages.codeRequired,
    min: pointOfSaleMessages.codeMin,
  }).max(50, { error: pointOfSaleMessages.codeMax }),
  name: nameRule.max(100, { error: pointOfSaleMessages.nameMax }),
  zipCode: z.string().trim().regex(ZIP_CODE_PATTERN, { error: pointOfSaleMessages.zipCode }),
  stateId: z
    .number({ error: pointOfSaleMessages.stateRequired })
    .int()
    .min(1, { error: pointOfSaleMessages.stateRequired })
    .nullable()
    .refine((id) => id !== null, { error: pointOfSaleMessages.stateRequired })
    .transform((id) => id as number),
  municipality: limitedText(100, {
    required: pointOfSaleMessages.municipalityRequired,
    max: pointOfSaleMessages.municipalityMax,
  }),
  settlement: limitedText(150, {
    required: pointOfSaleMessages.settlementRequired,
    max: pointOfSaleMessages.settlementMax,
  }),
  city: limitedText(100, { max: pointOfSaleMessages.cityMax }),
  street: limitedText(150, {
    required: pointOfSaleMessages.streetRequired,
    max: pointOfSaleMessages.streetMax,
  }),
  externalNumber: limitedText(20, {
    required: pointOfSaleMessages.externalNumberRequired,
    max: pointOfSaleMessages.externalNumberMax,
  }),
  internalNumber: limitedText(20, { max: pointOfSaleMessages.internalNumberMax }),
  latitude: coordinateRule(90, pointOfSaleMessages.latitude),
  longitude: coordinateRule(180, pointOfSaleMessages.longitude),
  isActive: isActiveRule,
});

export type PointOfSaleValues = z.input<typeof pointOfSaleSchema>;
export type PointOfSaleOutput = z.output<typeof pointOfSaleSchema>;
