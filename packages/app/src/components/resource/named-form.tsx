import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { z } from 'zod';
import type { FormFieldsProps } from './definition';
import { FormSwitch, FormTextArea, FormTextField } from './form-fields';
import { descriptionRule, isActiveRule, nameRule, nullIfEmpty } from './rules';

// The form of the master data that is only name, description and active (brands, categories),
// and the pieces the richer forms reuse (spec 2 §3, §5 "Common").

const namedSchema = z.object({
  name: nameRule,
  description: descriptionRule(255),
  isActive: isActiveRule,
});

export type NamedValues = z.input<typeof namedSchema>;
export type NamedOutput = z.output<typeof namedSchema>;

interface NamedRecord {
  name: string;
  description: string | null;
  isActive: boolean;
}

/** spec 2 §4: a new record is active. */
const namedDefaults = (): NamedValues => ({ name: '', description: '', isActive: true });

export const namedFromDetail = (detail: NamedRecord): NamedValues => ({
  name: detail.name,
  description: detail.description ?? '',
  isActive: detail.isActive,
});

export const namedToBody = (values: NamedOutput) => ({
  name: values.name,
  description: nullIfEmpty(values.description),
  isActive: values.isActive,
});

/**
 * The name, description and active fields, for any form whose values include them. The control
 * comes from the modal's `FormProvider`: `form.control` is typed by all of `Values`, and TypeScript
 * cannot see 'name' among the paths of a generic `Values extends NamedValues`.
 */
export function NamedFields<Values extends NamedValues>({
  children,
}: FormFieldsProps<Values> & { children?: ReactNode }) {
  const { control } = useFormContext<NamedValues>();
  return (
    <>
      <FormTextField control={control} name="name" label="Nombre" isRequired autoFocus />
      <FormTextArea control={control} name="description" label="Descripción" rows={3} />
      {children}
      <FormSwitch control={control} name="isActive" label="Activo" />
    </>
  );
}

/** The whole form of a name/description/active resource (brands, categories). */
export const namedForm = {
  schema: namedSchema,
  defaults: namedDefaults,
  fromDetail: namedFromDetail,
  toBody: namedToBody,
  Fields: NamedFields<NamedValues>,
};
