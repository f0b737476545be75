import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ResetPasswordForm } from '../../features/auth';
import { notify } from '../../lib/notify';

export const INVALID_RESET_LINK_MESSAGE = 'El token o el correo no son válidos.';

/** `/reset-password?token=..&email=..` (spec 1 §2): the page the reset e-mail links to. */
export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const email = params.get('email')?.trim() ?? '';
  const isValidLink = token !== '' && email !== '';
  const reported = useRef(false);

  useEffect(() => {
    if (isValidLink || reported.current) return;
    reported.current = true;
    notify(INVALID_RESET_LINK_MESSAGE, 'error');
    void navigate('/login', { replace: true });
  }, [isValidLink, navigate]);

  if (!isValidLink) return null;

  return (
    <div className="mx-auto grid w-full max-w-6xl flex-1 items-center gap-10 px-4 py-8 sm:px-6 lg:grid-cols-2 lg:py-12">
      <div className="hidden lg:flex lg:justify-center">
        <img
          src="/reset-illustration.svg"
          alt=""
          width={480}
          height={400}
          className="h-auto w-full max-w-md"
        />
      </div>
      <section
        aria-labelledby="reset-title"
        className="mx-auto w-full max-w-md rounded-2xl border border-border bg-surface p-6 shadow-sm sm:p-8"
      >
        <h1 id="reset-title" className="text-2xl font-bold text-fg">
          Restablecer Contraseña
        </h1>
        <p className="mt-1 mb-6 text-sm text-fg-muted">
          ¡Hola! Elige una nueva contraseña para{' '}
          <span className="font-medium text-fg">{email}</span>.
        </p>
        <ResetPasswordForm
          token={token}
          email={email}
          onReset={() => void navigate('/login', { replace: true })}
        />
      </section>
    </div>
  );
}
