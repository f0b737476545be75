import {
  DatePicker,
  ImageUpload,
  MultiSelect,
  Select,
  Switch,
  TextArea,
  TextField,
  fieldErrorProps,
  type DatePickerProps,
  type ImageUploadProps,
  type MultiSelectProps,
  type SelectOption,
  type SelectProps,
  type TextAreaProps,
  type TextFieldProps,
} from '@anaquel/ui';
import type { Key } from 'react-aria-components';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

// Thin `Controller` adapters between react-hook-form and the ui fields (STYLE habit 4): the field
// shows its error only once touched or after a submit, and numeric ids travel as numbers.

/** The form's control, whatever its context and output (zod-transformed) types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any context and output type
export type FormControl<T extends FieldValues> = Control<T, any, any>;

interface ControlledProps<T extends FieldValues> {
  control: FormControl<T>;
  name: FieldPath<T>;
}

type Bound = 'value' | 'onChange' | 'onBlur' | 'name' | 'ref' | 'isInvalid' | 'isTouched';

export function FormTextField<T extends FieldValues>({
  control,
  name,
  ...props
}: ControlledProps<T> & Omit<TextFieldProps, Bound | 'errorMessage'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState, formState }) => (
        <TextField
          {...props}
          name={field.name}
          value={field.value as string | null}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          disabled={field.disabled}
          {...fieldErrorProps(fieldState, formState)}
        />
      )}
    />
  );
}

export function FormTextArea<T extends FieldValues>({
  control,
  name,
  ...props
}: ControlledProps<T> & Omit<TextAreaProps, Bound | 'errorMessage'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState, formState }) => (
        <TextArea
          {...props}
          name={field.name}
          value={field.value as string | null}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          disabled={field.disabled}
          {...fieldErrorProps(fieldState, formState)}
        />
      )}
    />
  );
}

/** The 'Activo' switch (or any boolean). */
export function FormSwitch<T extends FieldValues>({
  control,
  name,
  label,
}: ControlledProps<T> & { label: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
          name={field.name}
          isSelected={Boolean(field.value)}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          isDisabled={field.disabled}
        >
          {label}
        </Switch>
      )}
    />
  );
}

const toId = (key: Key | null): number | null => (key === null ? null : Number(key));

/** A single choice whose value is a numeric id (null while nothing is chosen). */
export function FormSelect<T extends FieldValues, O extends SelectOption>({
  control,
  name,
  onValueChange,
  ...props
}: ControlledProps<T> &
  Omit<SelectProps<O>, Bound | 'errorMessage'> & {
    /** Runs after the value changed (e.g. to clear a dependent field). */
    onValueChange?: (id: number | null) => void;
  }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState, formState }) => (
        <Select<O>
          {...props}
          name={field.name}
          // 0 is the "nothing chosen" of the contract's required ids (spec 2 §5 "not 0").
          value={(field.value as number | null) || null}
          onChange={(key) => {
            const id = toId(key);
            field.onChange(id);
            onValueChange?.(id);
          }}
          onBlur={field.onBlur}
          ref={field.ref}
          disabled={field.disabled}
          {...fieldErrorProps(fieldState, formState)}
        />
      )}
    />
  );
}

/** A multiple choice of numeric ids with chips. */
export function FormMultiSelect<T extends FieldValues, O extends SelectOption>({
  control,
  name,
  ...props
}: ControlledProps<T> & Omit<MultiSelectProps<O>, Bound | 'errorMessage'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState, formState }) => (
        <MultiSelect<O>
          {...props}
          name={field.name}
          value={(field.value as number[] | null) ?? []}
          onChange={(keys) => field.onChange(keys.map(Number))}
          onBlur={field.onBlur}
          ref={field.ref}
          disabled={field.disabled}
          {...fieldErrorProps(fieldState, formState)}
        />
      )}
    />
  );
}

/** A calendar date held as 'YYYY-MM-DD' (null when empty). */
export function FormDatePicker<T extends FieldValues>({
  control,
  name,
  deps,
  ...props
}: ControlledProps<T> &
  Omit<DatePickerProps, Bound | 'errorMessage'> & {
    /** Fields validated again when this one changes (an end date after its start). */
    deps?: FieldPath<T>[];
  }) {
  return (
    <Controller
      control={control}
      name={name}
      rules={deps ? { deps } : undefined}
      render={({ field, fieldState, formState }) => (
        <DatePicker
          {...props}
          name={field.name}
          value={(field.value as string | null) ?? null}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          disabled={field.disabled}
          {...fieldErrorProps(fieldState, formState)}
        />
      )}
    />
  );
}

/** An image file (File while a new one is chosen, null otherwise) with its preview. */
export function FormImageUpload<T extends FieldValues>({
  control,
  name,
  ...props
}: ControlledProps<T> & Omit<ImageUploadProps, Bound | 'errorMessage'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState, formState }) => (
        <ImageUpload
          {...props}
          value={(field.value as File | null) ?? null}
          onChange={field.onChange}
          onBlur={field.onBlur}
          disabled={field.disabled}
          {...fieldErrorProps(fieldState, formState)}
        />
      )}
    />
  );
}
