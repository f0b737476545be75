import { useRef, useState, type FormEvent } from 'react';
import { loginErrors, submittedLoginValues, type LoginValues } from '../schemas/login-validation';

type TextName = 'username' | 'password';
type FieldErrors = Partial<Record<keyof LoginValues, string>>;

const DEFAULT_VALUES: LoginValues = { username: '', password: '', rememberMe: false };
/** The order a failed submit looks for the field to focus (the form's order). */
const FIELD_ORDER: readonly TextName[] = ['username', 'password'];

/**
 * The sign-in form's state, as react-hook-form kept it with `mode: 'all'` (lib/forms.ts): a field
 * is validated on change and on blur, its error shows once it was left or the form submitted, the
 * submit needs the form valid and modified, and a failed submit shows every error and focuses the
 * first field in error. Written out so the sign-in route does not load react-hook-form.
 */
export function useLoginForm(onSubmit: (values: LoginValues, event: FormEvent) => void) {
  const [values, setValues] = useState<LoginValues>(DEFAULT_VALUES);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [touched, setTouched] = useState<Partial<Record<keyof LoginValues, boolean>>>({});
  const [isSubmitted, setSubmitted] = useState(false);
  const inputs = useRef<Partial<Record<keyof LoginValues, HTMLInputElement | null>>>({});

  /** Validates `name` against `next` (the resolver checks the whole form, one field is updated). */
  const validate = (name: keyof LoginValues, next: LoginValues) =>
    setErrors((current) => ({ ...current, [name]: loginErrors(next)[name] }));

  const change = <K extends keyof LoginValues>(name: K, value: LoginValues[K]) => {
    const next = { ...values, [name]: value };
    setValues(next);
    validate(name, next);
  };
  const blur = (name: keyof LoginValues) => {
    setTouched((current) => (current[name] ? current : { ...current, [name]: true }));
    validate(name, values);
  };
  const ref = (name: keyof LoginValues) => (input: HTMLInputElement | null) => {
    inputs.current[name] = input;
  };

  const isDirty = (Object.keys(DEFAULT_VALUES) as (keyof LoginValues)[]).some(
    (name) => values[name] !== DEFAULT_VALUES[name],
  );
  const isValid = Object.keys(loginErrors(values)).length === 0;

  return {
    /** Props of the e-mail or password field. */
    field: (name: TextName) => ({
      name,
      value: values[name],
      onChange: (value: string) => change(name, value),
      onBlur: () => blur(name),
      ref: ref(name),
    }),
    /** Props of the 'Recordarme' switch. */
    switchField: (name: 'rememberMe') => ({
      name,
      isSelected: values[name],
      onChange: (value: boolean) => change(name, value),
      onBlur: () => blur(name),
      ref: ref(name),
    }),
    /** `fieldErrorProps` input of a field (react-hook-form's field state, form submitted). */
    fieldError: (name: TextName) => ({
      invalid: Boolean(errors[name]),
      isTouched: Boolean(touched[name]) || isSubmitted,
      error: errors[name] ? { message: errors[name] } : undefined,
    }),
    /** spec 1 §4: valid and modified (lib/forms.ts canSubmit). */
    canSubmit: isValid && isDirty,
    handleSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      setSubmitted(true);
      const found = loginErrors(values);
      setErrors(found);
      const first = FIELD_ORDER.find((name) => found[name]);
      if (first) {
        inputs.current[first]?.focus();
        return;
      }
      onSubmit(submittedLoginValues(values), event);
    },
  };
}
