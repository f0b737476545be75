import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';
import { createAppQueryClient } from '../app/query-services';

/** Renders `ui` inside the app's providers (QueryClient with the global error handler). */
export function renderWithProviders(ui: ReactElement) {
  const services = createAppQueryClient();
  return { services, ...render(<AppProviders services={services}>{ui}</AppProviders>) };
}

/** Renders a route table in a memory router inside the app's providers. */
export function renderRoutes(routes: RouteObject[], initialPath: string) {
  const services = createAppQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const view = render(
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { services, router, ...view };
}
