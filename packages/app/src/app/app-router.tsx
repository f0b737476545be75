import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { buildRoutes } from './routes';

export { prefetchSignedInShell } from './routes';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The whole app's router, at the current URL. */
export function createAppRouter(): AppRouter {
  return createBrowserRouter(buildRoutes());
}

/**
 * Resolves once `router` can show its first page: its lazy routes (screen, layout, QueryClient)
 * are loaded, so rendering it then shows the page, not the loading overlay.
 */
export function whenRouterReady(router: AppRouter): Promise<AppRouter> {
  if (router.state.initialized) return Promise.resolve(router);
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve(router);
    });
  });
}

/** The app: the router and every route (routes.tsx). */
export function AppRouter({ router }: { router: AppRouter }) {
  return <RouterProvider router={router} />;
}
