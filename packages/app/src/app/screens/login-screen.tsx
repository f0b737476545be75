import { isAccountLocked, isApiError, LOGIN_META, messageForError, signIn } from '@anaquel/api';
import { lazy, Suspense, useState } from 'react';
// The form itself, not the feature's index: the sign-in route loads only what it paints and
// validates (the index also holds the change and reset password forms with the classic zod).
import { LoginForm } from '../../features/auth/components/login-form';
import type { LoginValues } from '../../features/auth';
import { notify } from '../../lib/notify';
import { useAuthStore } from '../../stores/auth-store';
import { useModal } from '../../stores/modal-store';
import { useErrorHandler } from '../app-context';
import { loadAppServices } from '../lazy-services';

/** The 'Restablecer Contraseña' modal and the QueryClient it uses, fetched when first opened. */
const ResetRequestModal = lazy(async () => {
  const [{ ResetRequestModal }] = await Promise.all([
    import('../../features/auth'),
    loadAppServices(),
  ]);
  return { default: ResetRequestModal };
});

export interface LoginScreenProps {
  /** Goes to `to` (the router's navigate, or the sign-in boot's: main.tsx). */
  navigate: (to: string, options: { replace: true }) => void;
  /** Where a successful sign-in goes: the remembered route, else /dashboard. */
  destination: string;
  /** Starts fetching what the first signed-in page needs (called when the form is sent). */
  prefetch: () => void;
}

/**
 * `/login` (spec 1 §2): welcome, illustration on wide screens, the form and the reset modal.
 * Free of react-router: the router's route (login.tsx) and the sign-in boot (sign-in-app.tsx)
 * both render it.
 */
export function LoginScreen({ navigate, destination, prefetch }: LoginScreenProps) {
  const login = useAuthStore((s) => s.login);
  const onError = useErrorHandler();
  const resetModal = useModal('reset-request');
  // Mounted from its first opening on (so it can animate out when closed).
  const [resetWanted, setResetWanted] = useState(false);
  if (resetModal.isOpen && !resetWanted) setResetWanted(true);
  // The sign-in call without TanStack Query (not loaded on this route): the same call, not
  // retried, every failure through the global handler (which leaves the 401 to this screen).
  const [isPending, setPending] = useState(false);

  const submit = ({ username, password, rememberMe }: LoginValues) => {
    // While the server checks the password, the signed-in shell's code is fetched.
    prefetch();
    setPending(true);
    signIn({ username: username.trim(), password, rememberMe }).then(
      (session) => {
        setPending(false);
        login(session);
        notify('Inicio de sesión exitoso.', 'success');
        navigate(destination, { replace: true });
      },
      (error: unknown) => {
        setPending(false);
        onError(error, LOGIN_META);
        // The login call hands its 401 to this screen (spec 1 §7, §8).
        if (!isApiError(error) || error.statusCode !== 401) return;
        notify(
          isAccountLocked(error)
            ? messageForError(error)
            : 'Credenciales inválidas. Por favor, inténtelo de nuevo.',
          'error',
        );
      },
    );
  };

  return (
    <div className="mx-auto grid w-full max-w-6xl flex-1 items-center gap-10 px-4 py-8 sm:px-6 lg:grid-cols-2 lg:py-12">
      <div className="hidden lg:flex lg:justify-center">
        <img
          src="/login-illustration.svg"
          alt=""
          width={480}
          height={400}
          className="h-auto w-full max-w-md"
        />
      </div>
      <section
        aria-labelledby="login-title"
        className="mx-auto w-full max-w-md rounded-2xl border border-border bg-surface p-6 shadow-sm sm:p-8"
      >
        <h1 id="login-title" className="text-2xl font-bold text-fg">
          Bienvenido a Anaquel
        </h1>
        <p className="mt-1 mb-6 text-sm text-fg-muted">
          Inicia sesión con tu correo y contraseña para continuar.
        </p>
        <LoginForm onSubmit={submit} isPending={isPending} onForgotPassword={resetModal.open} />
      </section>
      {resetWanted && (
        <Suspense fallback={null}>
          <ResetRequestModal isOpen={resetModal.isOpen} onOpenChange={resetModal.setOpen} />
        </Suspense>
      )}
    </div>
  );
}
