export {
  Description,
  FieldError,
  FieldGroup,
  FieldParts,
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
