import { describe, expect, it } from 'vitest';
import { showsError } from './Field';
import { fieldErrorProps } from './form-props';

describe('fieldErrorProps', () => {
  const error = { message: 'Correo requerido' };

  it('hides the error of an untouched field before submit', () => {
    const props = fieldErrorProps(
      { invalid: true, isTouched: false, error },
      { isSubmitted: false },
    );
    expect(props).toEqual({ isInvalid: true, isTouched: false, errorMessage: 'Correo requerido' });
    expect(showsError(props.isInvalid, props.isTouched)).toBe(false);
  });

  it('shows the error once the field was touched', () => {
    const props = fieldErrorProps({ invalid: true, isTouched: true, error });
    expect(showsError(props.isInvalid, props.isTouched)).toBe(true);
  });

  it('shows the error of an untouched field after a submit attempt', () => {
    const props = fieldErrorProps(
      { invalid: true, isTouched: false, error },
      { isSubmitted: true },
    );
    expect(showsError(props.isInvalid, props.isTouched)).toBe(true);
  });

  it('shows nothing for a valid touched field', () => {
    const props = fieldErrorProps({ invalid: false, isTouched: true });
    expect(props.errorMessage).toBeUndefined();
    expect(showsError(props.isInvalid, props.isTouched)).toBe(false);
  });
});

describe('showsError', () => {
  it('shows as soon as invalid when touched state is not tracked', () => {
    expect(showsError(true, undefined)).toBe(true);
    expect(showsError(false, undefined)).toBe(false);
  });
});
