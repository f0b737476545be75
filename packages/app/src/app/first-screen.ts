import { getAccessToken } from '@anaquel/api';
import { hasAnyPermission, useAuthStore } from '../stores/auth-store';
import { loadAppSidebar, sidebarShownAtLoad } from './layouts/lazy-sidebar';
import { loadAppServices } from './lazy-services';
import { loadShellLayout, privateScreens, screenAt, type ScreenRoute } from './screen-table';

const ignoreFailure = () => undefined;

/**
 * The first load of a signed-in page at `location`: the code of the shell and of the screen there
 * start with the router's, not once the router has matched the URL, and the screen's first queries
 * (its `prefetch`) as soon as its code, the QueryClient and the renewed `session` are there, not
 * once the router, the shell and the screen have rendered (issue 20: each wait is a round trip on
 * a phone). Nothing for a page that is not a private screen, a signed-out visitor, a screen the
 * user may not open (the router sends them elsewhere) or a session that was not renewed.
 */
export function startFirstScreen(
  location: Pick<Location, 'pathname' | 'search'>,
  session: Promise<void>,
  screens: readonly ScreenRoute[] = privateScreens,
): void {
  const match = screenAt(location.pathname, screens);
  const { user } = useAuthStore.getState();
  if (!match || !user) return;
  const { route, params } = match;
  if (!hasAnyPermission(user, route.anyOf)) return;
  loadShellLayout().catch(ignoreFailure);
  // From tablet up the side menu is part of the first paint (routes.tsx loads it with the shell).
  if (sidebarShownAtLoad()) loadAppSidebar().catch(ignoreFailure);
  const screen = route.screen();
  // A screen with a `queries` module starts them without waiting for its own code (screen-table.ts).
  const queries = route.queries?.() ?? screen;
  screen.catch(ignoreFailure);
  Promise.all([queries, loadAppServices(), session]).then(([module, services]) => {
    const { user: signedIn, isAuthenticated } = useAuthStore.getState();
    if (!module.prefetch || !isAuthenticated || !signedIn || getAccessToken() === null) return;
    module.prefetch(services.queryClient, {
      params,
      search: new URLSearchParams(location.search),
      permissions: signedIn.permissions,
    });
  }, ignoreFailure);
}
