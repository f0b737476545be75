import type { MultipleOptionInput, QuestionInput, SegmentInput, SurveyInput } from '@anaquel/api';
import { allowsOtherOption, needsOptionsCount } from '@anaquel/ui';
import { z } from 'zod';
import {
  descriptionRule,
  isActiveRule,
  nameRule,
  nullIfEmpty,
  requiredIdRule,
  requiredText,
} from '../../components/resource/rules';

// The survey forms' rules (spec 2 §5), shared by the designer's simplified forms and the full
// forms of the list screens. The server checks the same rules (docs/surveys.md).

const POINTS_REQUIRED = 'Los puntos son obligatorios';
const POINTS_MIN = 'Los puntos deben ser mayores o iguales a 0';
const POINTS_DECIMALS = 'Los puntos admiten como máximo 2 decimales';
const ORDER_MIN = 'El orden debe ser mayor o igual a 0';
const DESCRIPTION_REQUIRED = 'La descripción es obligatoria';
const DESCRIPTION_MIN_3 = 'La descripción debe tener al menos 3 caracteres';
const DESCRIPTION_MIN_2 = 'La descripción debe tener al menos 2 caracteres';
const COUNT_REQUIRED = 'El número de opciones es obligatorio';
const COUNT_MIN = 'El número de opciones debe ser al menos 1';
const TYPE_REQUIRED = 'El tipo es obligatorio';

/** spec 2 §5: points at least 0, at most 2 decimals. */
const pointsRule = z
  .number({ error: POINTS_REQUIRED })
  .nullable()
  .refine((value) => value !== null, { error: POINTS_REQUIRED })
  .transform((value) => value as number)
  .pipe(
    z
      .number()
      .min(0, { error: POINTS_MIN })
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
        error: POINTS_DECIMALS,
      }),
  );

/** spec 2 §5: order at least 0 (empty = at the end). */
const orderRule = z.number().int().min(0, { error: ORDER_MIN }).nullable();

/** The name and description of a survey or a segment (spec 2 §5 "Common"). */
const namedRules = { name: nameRule, description: descriptionRule(255) };

/** The body's name and description: an empty description is sent as null. */
function namedPart(values: { name: string; description: string }) {
  return { name: values.name, description: nullIfEmpty(values.description) };
}

/** The body's order: left out when empty, so the server puts the item at the end. */
function orderPart(order: number | null): { order?: number } {
  return order === null ? {} : { order };
}

// ---------------------------------------------------------------- survey
export const surveySchema = z.object({
  campaignId: requiredIdRule('La campaña es obligatoria'),
  type: requiredIdRule('El tipo es obligatorio'),
  ...namedRules,
  points: pointsRule,
  isActive: isActiveRule,
});
export type SurveyValues = z.input<typeof surveySchema>;
export type SurveyOutput = z.output<typeof surveySchema>;

export function surveyBody(values: SurveyOutput): SurveyInput {
  return {
    campaignId: values.campaignId,
    type: values.type as SurveyInput['type'],
    ...namedPart(values),
    points: values.points,
    isActive: values.isActive,
  };
}

// ---------------------------------------------------------------- segment
export const segmentSchema = z.object({
  surveyId: requiredIdRule('El cuestionario es obligatorio'),
  parentId: z.number().int().positive().nullable(),
  ...namedRules,
  order: orderRule,
  points: pointsRule,
});
export type SegmentValues = z.input<typeof segmentSchema>;
export type SegmentOutput = z.output<typeof segmentSchema>;

export function segmentBody(values: SegmentOutput): SegmentInput {
  return {
    surveyId: values.surveyId,
    parentId: values.parentId,
    ...namedPart(values),
    ...orderPart(values.order),
    points: values.points,
  };
}

// ---------------------------------------------------------------- question
export const questionSchema = z
  .object({
    segmentId: requiredIdRule('El segmento es obligatorio'),
    type: z
      .number({ error: TYPE_REQUIRED })
      .int()
      .min(0)
      .max(12)
      .nullable()
      .refine((value) => value !== null, { error: TYPE_REQUIRED })
      .transform((value) => value as number),
    order: orderRule,
    description: requiredText(3, { required: DESCRIPTION_REQUIRED, min: DESCRIPTION_MIN_3 }).pipe(
      z.string().max(500, { error: 'La descripción no puede exceder 500 caracteres' }),
    ),
    acceptsNA: z.boolean(),
    isOptional: z.boolean(),
    hasPhoto: z.boolean(),
    hasOther: z.boolean(),
    multipleOptionsCount: z.number().int().nullable(),
    points: pointsRule,
  })
  .superRefine((values, ctx) => {
    // spec 2 §5: required and at least 1 for types 7, 8 and 9.
    if (!needsOptionsCount(values.type)) return;
    if (values.multipleOptionsCount === null) {
      ctx.addIssue({ code: 'custom', path: ['multipleOptionsCount'], message: COUNT_REQUIRED });
    } else if (values.multipleOptionsCount < 1) {
      ctx.addIssue({ code: 'custom', path: ['multipleOptionsCount'], message: COUNT_MIN });
    }
  });
export type QuestionValues = z.input<typeof questionSchema>;
export type QuestionOutput = z.output<typeof questionSchema>;

export function questionBody(values: QuestionOutput): QuestionInput {
  return {
    segmentId: values.segmentId,
    type: values.type,
    ...orderPart(values.order),
    description: values.description,
    acceptsNA: values.acceptsNA,
    isOptional: values.isOptional,
    hasPhoto: values.hasPhoto,
    hasOther: allowsOtherOption(values.type) && values.hasOther,
    multipleOptionsCount: needsOptionsCount(values.type) ? values.multipleOptionsCount : null,
    points: values.points,
  };
}

// ---------------------------------------------------------------- option
export const optionSchema = z.object({
  questionId: requiredIdRule('La pregunta es obligatoria'),
  order: orderRule,
  description: requiredText(2, { required: DESCRIPTION_REQUIRED, min: DESCRIPTION_MIN_2 }).pipe(
    z.string().max(255, { error: 'La descripción no puede exceder 255 caracteres' }),
  ),
  points: pointsRule,
  blurredSegmentIds: z.array(z.number().int().positive()),
  blurredQuestionIds: z.array(z.number().int().positive()),
});
export type OptionValues = z.input<typeof optionSchema>;
export type OptionOutput = z.output<typeof optionSchema>;

export function optionBody(values: OptionOutput): MultipleOptionInput {
  return {
    questionId: values.questionId,
    ...orderPart(values.order),
    description: values.description,
    points: values.points,
    blurredSegmentIds: values.blurredSegmentIds,
    blurredQuestionIds: values.blurredQuestionIds,
  };
}
