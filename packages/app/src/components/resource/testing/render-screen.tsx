import { Toaster, toast } from '@anaquel/ui';
import { configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../../app/providers';
import { createAppQueryClient } from '../../../app/session';
import { useAuthStore } from '../../../stores/auth-store';

// Screens fetch through the whole client stack; on two busy cores a first answer can take seconds.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no ResizeObserver; react-aria's overlays only need it to exist.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/** Signs a test user in with exactly these permission codes. */
export function signInWith(permissions: string[]) {
  useAuthStore.setState({
    isAuthenticated: true,
    user: {
      id: 1,
      completeName: 'Ana Prueba',
      email: 'ana@anaquel.mx',
      profileImageUrl: null,
      permissions,
    },
  });
}

/**
 * Renders a screen at `path` (matched by `pattern`) with the app's providers and the toaster,
 * as the shell would. Toasts of earlier tests are cleared first.
 */
export function renderScreen(
  screen: ReactElement,
  { path, pattern = path }: { path: string; pattern?: string },
) {
  toast.clear();
  const services = createAppQueryClient();
  const router = createMemoryRouter(
    [
      { path: pattern, element: screen },
      { path: '*', element: <p>Otra página</p> },
    ],
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  const view = render(
    <AppProviders services={services}>
      <RouterProvider router={router} />
      <Toaster />
    </AppProviders>,
  );
  return { user, router, services, ...view };
}
