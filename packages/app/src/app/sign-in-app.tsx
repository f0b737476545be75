import { useEffect } from 'react';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { PublicFrame } from './layouts/public-frame';
import { LazyToaster } from './lazy-toaster';
import { rememberedPath } from './remembered-path';
import { LoginScreen } from './screens/login-screen';

/** Where the sign-in boot goes next: pushed ('Inicio', the logo) or in place (signed in). */
export type LeaveSignIn = (to: string, options?: { replace?: boolean }) => void;

/**
 * The sign-in page of a visitor who opens /login signed out, without the router (main.tsx): what
 * the router's /login renders (PublicLayout, LoginScreen, the toaster and document title of
 * AppRoot), so the route loads neither react-router's data router nor the route table (about
 * 25 KB compressed). Leaving it (signed in, or to another page) starts the router at the target.
 */
export function SignInApp({ leave, prefetch }: { leave: LeaveSignIn; prefetch: () => void }) {
  useEffect(() => {
    // The route's title (routes.tsx handle), as AppRoot writes it.
    document.title = 'Iniciar Sesión · Anaquel';
  }, []);
  // A reload keeps the router's location state (react-router keeps it in `history.state.usr`).
  const state = (window.history.state as { usr?: unknown } | null)?.usr;
  return (
    <AriaRouterProvider navigate={(to) => leave(to)} useHref={(href) => href}>
      <PublicFrame pathname="/login" goHome={() => leave('/')}>
        <LoginScreen
          navigate={leave}
          destination={rememberedPath(state) ?? '/dashboard'}
          prefetch={prefetch}
        />
      </PublicFrame>
      <LazyToaster />
    </AriaRouterProvider>
  );
}
