import { Button, PasswordField, Switch, TextField, fieldErrorProps, linkStyles } from '@anaquel/ui';
import { Button as AriaButton } from 'react-aria-components';
import { useLoginForm } from './use-login-form';
import type { LoginValues } from '../schemas/login-validation';

export interface LoginFormProps {
  /** Sends the credentials; the form stays disabled with a spinner while `isPending`. */
  onSubmit: (values: LoginValues) => void;
  isPending?: boolean;
  /** Opens the 'Restablecer Contraseña' modal. */
  onForgotPassword: () => void;
}

/** spec 1 §2 login form: e-mail, password with show/hide, 'Recordarme', forgot link, submit. */
export function LoginForm({ onSubmit, isPending = false, onForgotPassword }: LoginFormProps) {
  // Validated like every form (lib/forms.ts useZodForm: on change, blur and submit), by a small
  // form state without react-hook-form nor zod: the sign-in route is the one page every visitor
  // loads, and react-hook-form weighed about 13 KB compressed there for three fields.
  const { field, switchField, fieldError, canSubmit, handleSubmit } = useLoginForm(onSubmit);

  return (
    <form
      noValidate
      aria-label="Iniciar Sesión"
      onSubmit={handleSubmit}
      className="flex flex-col gap-5"
    >
      <TextField
        {...field('username')}
        label="Correo electrónico"
        type="email"
        autoComplete="username"
        inputMode="email"
        placeholder="nombre@empresa.mx"
        isDisabled={isPending}
        {...fieldErrorProps(fieldError('username'))}
      />
      <PasswordField
        {...field('password')}
        label="Contraseña"
        autoComplete="current-password"
        isDisabled={isPending}
        {...fieldErrorProps(fieldError('password'))}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Switch {...switchField('rememberMe')} isDisabled={isPending}>
          Recordarme
        </Switch>
        <AriaButton
          onPress={onForgotPassword}
          className={(renderProps) => linkStyles({ ...renderProps, className: 'text-sm' })}
        >
          Olvidé mi contraseña
        </AriaButton>
      </div>
      <Button type="submit" className="w-full" isPending={isPending} isDisabled={!canSubmit}>
        Iniciar Sesión
      </Button>
    </form>
  );
}
