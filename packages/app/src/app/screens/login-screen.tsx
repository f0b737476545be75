import {
  isAccountLocked,
  isApiError,
  isPromoterProfile,
  LOGIN_META,
  messageForError,
  signIn,
} from '@anaquel/api';
import { lazy, Suspense, useState } from 'react';
// The form itself, not the feature's index: the sign-in route loads only what it paints and
// validates (the index also holds the change and reset password forms with the classic zod).
import { AuthCard } from './auth-card';
import { LoginForm } from '../../features/auth/components/login-form';
import type { LoginValues } from '../../features/auth';
import { openFieldApp } from '../../lib/field-app';
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
        // Promoters work in the field app, its own page (docs/field-app.md): a page load.
        if (isPromoterProfile(session.user.profileName)) return openFieldApp();
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
    <AuthCard
      illustration="/login-illustration.svg"
      titleId="login-title"
      title="Bienvenido a Anaquel"
      intro="Inicia sesión con tu correo y contraseña para continuar."
      after={
        resetWanted && (
          <Suspense fallback={null}>
            <ResetRequestModal isOpen={resetModal.isOpen} onOpenChange={resetModal.setOpen} />
          </Suspense>
        )
      }
    >
      <LoginForm onSubmit={submit} isPending={isPending} onForgotPassword={resetModal.open} />
    </AuthCard>
  );
}
