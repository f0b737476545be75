import { Outlet, useLocation, useNavigate } from 'react-router';
import { PublicFrame } from './public-frame';

/** Home, sign-in, reset and not-found pages: the header (logo, theme) above the page. */
export function PublicLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <PublicFrame pathname={pathname} goHome={() => void navigate('/')}>
      <Outlet />
    </PublicFrame>
  );
}
