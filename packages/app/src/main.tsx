import { LoadingOverlay } from '@anaquel/ui';
import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { LazyAppProviders } from './app/providers';
import { startFirstScreen } from './app/first-screen';
import { appErrorHandler, loadedAppServices } from './app/lazy-services';
import { loadToaster } from './app/lazy-toaster';
import { endSession, restoreSession } from './app/session';
import { SignInApp, type LeaveSignIn } from './app/sign-in-app';
import { startThemeSync } from './lib/theme';
import { useAuthStore } from './stores/auth-store';
import './styles.css';

startThemeSync();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

function render(app: ReactNode) {
  root.render(
    <StrictMode>
      <LazyAppProviders>{app}</LazyAppProviders>
    </StrictMode>,
  );
}

/** The router and the route table: not loaded by a signed-out visit to /login (sign-in-app.tsx). */
const loadAppRouter = () => import('./app/app-router');

/**
 * Renders the whole app at the current URL (its loading overlay until the first page loads). After
 * a reload the session is renewed while the router's code loads, not once it has rendered
 * (AppRoot's restore joins this one); a signed-in page's shell, screen and first queries start
 * meanwhile too (first-screen.ts): its data and code then wait for none of the router's work.
 */
async function startApp() {
  const session = restoreSession(appErrorHandler, () =>
    endSession(loadedAppServices()?.queryClient),
  );
  startFirstScreen(window.location, session);
  // The overlay the router shows until the page is loaded, painted without waiting for its code.
  render(<LoadingOverlay />);
  const { createAppRouter, AppRouter } = await loadAppRouter();
  // As a transition, like the sign-in page's first render below: in slices, not one long task.
  startTransition(() => render(<AppRouter router={createAppRouter()} />));
}

/**
 * Leaves the sign-in boot for `to`: the URL changes and the router takes over once the page at
 * `to` is loaded, the sign-in page staying on screen meanwhile (as a navigation of the router
 * keeps the current page until the next one is loaded). Without the router's code (offline), the
 * browser loads `to` itself.
 */
const leaveSignIn: LeaveSignIn = (to, options) => {
  loadAppRouter().then(
    async ({ createAppRouter, whenRouterReady, AppRouter }) => {
      if (options?.replace) window.history.replaceState(null, '', to);
      else window.history.pushState(null, '', to);
      const router = await whenRouterReady(createAppRouter());
      render(<AppRouter router={router} />);
    },
    () => window.location.assign(to),
  );
};

/** While a sign-in is checked: the toaster, the router, the signed-in shell and the dashboard. */
const prefetchSignedIn = () => {
  loadToaster().catch(() => undefined);
  loadAppRouter().then(
    ({ prefetchSignedInShell }) => prefetchSignedInShell(),
    () => undefined,
  );
};

if (/^\/login\/?$/i.test(window.location.pathname) && !useAuthStore.getState().isAuthenticated) {
  // The first render as a transition: React renders it in slices of about 5 ms, yielding to the
  // browser in between, instead of one long task that blocks input on a slow phone.
  startTransition(() => render(<SignInApp leave={leaveSignIn} prefetch={prefetchSignedIn} />));
} else {
  void startApp();
}
