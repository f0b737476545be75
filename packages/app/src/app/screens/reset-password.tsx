import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ResetPasswordForm } from '../../features/auth';
import { notify } from '../../lib/notify';
import { AuthCard } from './auth-card';

const INVALID_RESET_LINK_MESSAGE = 'El token o el correo no son válidos.';

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
    <AuthCard
      illustration="/reset-illustration.svg"
      titleId="reset-title"
      title="Restablecer Contraseña"
      intro={
        <>
          ¡Hola! Elige una nueva contraseña para{' '}
          <span className="font-medium text-fg">{email}</span>.
        </>
      }
    >
      <ResetPasswordForm
        token={token}
        email={email}
        onReset={() => void navigate('/login', { replace: true })}
      />
    </AuthCard>
  );
}
