import { Button, PasswordField, Switch, TextField, fieldErrorProps, linkStyles } from '@anaquel/ui';
import { Button as AriaButton } from 'react-aria-components';
import { Controller, useForm } from 'react-hook-form';
import { loginResolver, type LoginValues } from '../schemas/login-validation';

export interface LoginFormProps {
  /** Sends the credentials; the form stays disabled with a spinner while `isPending`. */
  onSubmit: (values: LoginValues) => void;
  isPending?: boolean;
  /** Opens the 'Restablecer Contraseña' modal. */
  onForgotPassword: () => void;
}

/** spec 1 §2 login form: e-mail, password with show/hide, 'Recordarme', forgot link, submit. */
export function LoginForm({ onSubmit, isPending = false, onForgotPassword }: LoginFormProps) {
  // Validated like every form (lib/forms.ts useZodForm: on change, blur and submit), by a resolver
  // without zod so the sign-in route does not ship zod's core.
  const { control, handleSubmit, formState } = useForm<LoginValues>({
    mode: 'all',
    resolver: loginResolver,
    defaultValues: { username: '', password: '', rememberMe: false },
  });
  // lib/forms.ts canSubmit (spec 1 §4: valid and modified), read here so the sign-in route does not
  // load that module's zod resolver; both keys are read on every render (react-hook-form tracks
  // only the keys a render reads).
  const { isValid, isDirty } = formState;

  return (
    <form
      noValidate
      aria-label="Iniciar Sesión"
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      className="flex flex-col gap-5"
    >
      <Controller
        control={control}
        name="username"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            label="Correo electrónico"
            type="email"
            autoComplete="username"
            inputMode="email"
            placeholder="nombre@empresa.mx"
            isDisabled={isPending}
            {...fieldErrorProps(fieldState, formState)}
          />
        )}
      />
      <Controller
        control={control}
        name="password"
        render={({ field, fieldState }) => (
          <PasswordField
            {...field}
            label="Contraseña"
            autoComplete="current-password"
            isDisabled={isPending}
            {...fieldErrorProps(fieldState, formState)}
          />
        )}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Controller
          control={control}
          name="rememberMe"
          render={({ field }) => (
            <Switch
              name={field.name}
              ref={field.ref}
              isSelected={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              isDisabled={isPending}
            >
              Recordarme
            </Switch>
          )}
        />
        <AriaButton
          onPress={onForgotPassword}
          className={(renderProps) => linkStyles({ ...renderProps, className: 'text-sm' })}
        >
          Olvidé mi contraseña
        </AriaButton>
      </div>
      <Button
        type="submit"
        className="w-full"
        isPending={isPending}
        isDisabled={!(isValid && isDirty)}
      >
        Iniciar Sesión
      </Button>
    </form>
  );
}
