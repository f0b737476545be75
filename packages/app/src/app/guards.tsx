import { useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { hasAnyPermission, useAuthStore } from '../stores/auth-store';
import type { LoginRedirectState } from './remembered-path';

export { rememberedPath } from './remembered-path';

/**
 * spec 1 §2: an anonymous visitor is sent to /login, remembering the target (also when the session
 * ends on the page: signing in again returns there).
 */
export function PrivateRoute({ children }: { children?: ReactNode }) {
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const location = useLocation();
  if (!isAuthenticated) {
    const state: LoginRedirectState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to="/login" replace state={state} />;
  }
  return children ?? <Outlet />;
}

/**
 * spec 1 §2: a visitor who arrives signed in is sent to /. A sign-in made on the page itself does not
 * count: the login screen then navigates to the remembered route on its own, and redirecting here
 * too would race with it.
 */
export function PublicOnlyRoute({ children }: { children?: ReactNode }) {
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const { key } = useLocation();
  const [arrival, setArrival] = useState({ key, signedIn: isAuthenticated });
  if (arrival.key !== key) setArrival({ key, signedIn: isAuthenticated });
  const arrivedSignedIn = arrival.key === key ? arrival.signedIn : isAuthenticated;
  if (arrivedSignedIn && isAuthenticated) return <Navigate to="/" replace />;
  return children ?? <Outlet />;
}

/** spec 1 §6: a signed-in user holding none of `anyOf` is sent to /dashboard. */
export function RequirePermission({
  anyOf,
  children,
}: {
  anyOf: readonly string[];
  children?: ReactNode;
}) {
  const allowed = useAuthStore((s) => hasAnyPermission(s.user, anyOf));
  if (!allowed) return <Navigate to="/dashboard" replace />;
  return children ?? <Outlet />;
}
