import { isAccountLocked, isApiError, loginMutationOptions, messageForError } from '@anaquel/api';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
// The form itself, not the feature's index: the sign-in route loads only what it paints and
// validates (the index also holds the change and reset password forms with the classic zod).
import { LoginForm } from '../../features/auth/components/login-form';
import type { LoginValues } from '../../features/auth';
import { notify } from '../../lib/notify';
import { useAuthStore } from '../../stores/auth-store';
import { useModal } from '../../stores/modal-store';
import { rememberedPath } from '../guards';
import { prefetchSignedInShell } from '../routes';

/** The 'Restablecer Contraseña' modal, fetched the first time it is opened. */
const ResetRequestModal = lazy(async () => ({
  default: (await import('../../features/auth')).ResetRequestModal,
}));

/** `/login` (spec 1 §2): welcome, illustration on wide screens, the form and the reset modal. */
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useAuthStore((s) => s.login);
  const resetModal = useModal('reset-request');
  // Mounted from its first opening on (so it can animate out when closed).
  const [resetWanted, setResetWanted] = useState(false);
  if (resetModal.isOpen && !resetWanted) setResetWanted(true);
  const mutation = useMutation(loginMutationOptions());

  const submit = ({ username, password, rememberMe }: LoginValues) => {
    // While the server checks the password, the signed-in shell's code is fetched.
    prefetchSignedInShell();
    mutation.mutate(
      { username: username.trim(), password, rememberMe },
      {
        onSuccess: (session) => {
          signIn(session);
          notify('Inicio de sesión exitoso.', 'success');
          void navigate(rememberedPath(location.state) ?? '/dashboard', { replace: true });
        },
        onError: (error) => {
          // The login call hands its 401 to this screen (spec 1 §7, §8).
          if (!isApiError(error) || error.statusCode !== 401) return;
          notify(
            isAccountLocked(error)
              ? messageForError(error)
              : 'Credenciales inválidas. Por favor, inténtelo de nuevo.',
            'error',
          );
        },
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
        <LoginForm
          onSubmit={submit}
          isPending={mutation.isPending}
          onForgotPassword={resetModal.open}
        />
      </section>
      {resetWanted && (
        <Suspense fallback={null}>
          <ResetRequestModal isOpen={resetModal.isOpen} onOpenChange={resetModal.setOpen} />
        </Suspense>
      )}
    </div>
  );
}
