import { useLocation, useNavigate } from 'react-router';
import { rememberedPath } from '../guards';
import { prefetchSignedInShell } from '../routes';
import { LoginScreen } from './login-screen';

/** The router's `/login`: the sign-in screen, back to the remembered route once signed in. */
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <LoginScreen
      navigate={(to, options) => void navigate(to, options)}
      destination={rememberedPath(location.state) ?? '/dashboard'}
      prefetch={prefetchSignedInShell}
    />
  );
}
