export {
  Description,
  FieldError,
  FieldGroup,
  Label,
  fieldBorderStyles,
  bareInputStyles,
  fieldStackStyles,
  inputStyles,
  showsError,
  type FieldBaseProps,
  type LabelProps,
} from './Field';
export { fieldErrorProps, type FieldStateLike, type FormStateLike } from './form-props';
