import { fileUrl } from '@anaquel/api';
import {
  DatePicker,
  ImageUpload,
  MultiSelect,
  NumberField,
  Select,
  Switch,
  TextArea,
  TextField,
  fieldErrorProps,
  type DatePickerProps,
  type ImageUploadProps,
  type MultiSelectProps,
  type NumberFieldProps,
  type SelectOption,
  type SelectProps,
  type TextAreaProps,
  type TextFieldProps,
} from '@anaquel/ui';
import type { ReactElement } from 'react';
import type { Key } from 'react-aria-components';
import {
  Controller,
  type Control,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
  type RefCallBack,
  type RegisterOptions,
} from 'react-hook-form';

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

/** What every adapter passes alike: name, ref, blur, disabled state and the error. */
type SharedProps = ReturnType<typeof fieldErrorProps> & {
  name: string;
  onBlur: () => void;
  ref: RefCallBack;
  disabled?: boolean;
  /** The form value, for the text inputs (null/undefined shown as empty). */
  value: string | null;
  onChange: (value: unknown) => void;
};

/**
 * A `Controller` that hands `render` the field and its shared props (blur, disabled, the error
 * once touched or after a submit).
 */
function Bind<T extends FieldValues>({
  control,
  name,
  rules,
  render,
}: ControlledProps<T> & {
  rules?: Omit<RegisterOptions<T, FieldPath<T>>, 'valueAsNumber' | 'valueAsDate' | 'setValueAs'>;
  render: (shared: SharedProps, field: ControllerRenderProps<T, FieldPath<T>>) => ReactElement;
}) {
  return (
    <Controller
      control={control}
      name={name}
      rules={rules}
      render={({ field, fieldState, formState }) =>
        render(
          {
            name: field.name,
            value: field.value as string | null,
            onChange: field.onChange,
            onBlur: field.onBlur,
            ref: field.ref,
            disabled: field.disabled,
            ...fieldErrorProps(fieldState, formState),
          },
          field,
        )
      }
    />
  );
}

export function FormTextField<T extends FieldValues>({
  control,
  name,
  ...props
}: ControlledProps<T> & Omit<TextFieldProps, Bound | 'errorMessage'>) {
  return (
    <Bind control={control} name={name} render={(bound) => <TextField {...props} {...bound} />} />
  );
}

export function FormTextArea<T extends FieldValues>({
  control,
  name,
  ...props
}: ControlledProps<T> & Omit<TextAreaProps, Bound | 'errorMessage'>) {
  return (
    <Bind control={control} name={name} render={(bound) => <TextArea {...props} {...bound} />} />
  );
}

/** A number (null while empty): points, order, option counts. */
export function FormNumberField<T extends FieldValues>({
  control,
  name,
  ...props
}: ControlledProps<T> & Omit<NumberFieldProps, Bound | 'errorMessage' | 'defaultValue'>) {
  return (
    <Bind
      control={control}
      name={name}
      render={(shared, field) => (
        <NumberField {...props} {...shared} value={(field.value as number | null) ?? null} />
      )}
    />
  );
}

/** The 'Activo' switch (or any boolean). */
export function FormSwitch<T extends FieldValues>({
  control,
  name,
  label,
  isDisabled,
}: ControlledProps<T> & { label: string; isDisabled?: boolean }) {
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
          isDisabled={isDisabled || field.disabled}
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
    <Bind
      control={control}
      name={name}
      render={(shared, field) => (
        <Select<O>
          {...props}
          {...shared}
          // 0 is the "nothing chosen" of the contract's required ids (spec 2 §5 "not 0").
          value={(field.value as number | null) || null}
          onChange={(key) => {
            const id = toId(key);
            field.onChange(id);
            // Choosing is the end of the interaction: the field counts as touched from here, not
            // only once focus leaves its button (which never happens when focus goes from the
            // closing list straight to another field, before it was given back to the button).
            field.onBlur();
            onValueChange?.(id);
          }}
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
    <Bind
      control={control}
      name={name}
      render={(shared, field) => (
        <MultiSelect<O>
          {...props}
          {...shared}
          value={(field.value as number[] | null) ?? []}
          onChange={(keys) => field.onChange(keys.map(Number))}
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
    <Bind
      control={control}
      name={name}
      rules={deps ? { deps } : undefined}
      render={(shared, field) => (
        <DatePicker {...props} {...shared} value={(field.value as string | null) ?? null} />
      )}
    />
  );
}

/** The server's default upload limit (UPLOAD_LIMIT, 5 MB). */
const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * An image file (File while a new one is chosen, null otherwise) with its preview: the stored
 * file until another is chosen, none larger than the server's upload limit.
 */
export function FormImageUpload<T extends FieldValues>({
  control,
  name,
  storedFileId,
  ...props
}: ControlledProps<T> &
  Omit<ImageUploadProps, Bound | 'errorMessage' | 'currentUrl' | 'maxSizeBytes'> & {
    /** The stored image's file id (`GET files/{id}`), null when there is none. */
    storedFileId: string | null;
  }) {
  return (
    <Bind
      control={control}
      name={name}
      render={(shared, field) => (
        <ImageUpload
          {...props}
          {...shared}
          currentUrl={storedFileId ? fileUrl(storedFileId) : null}
          maxSizeBytes={IMAGE_MAX_BYTES}
          value={(field.value as File | null) ?? null}
        />
      )}
    />
  );
}
