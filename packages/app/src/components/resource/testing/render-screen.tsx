import type { PermissionCode } from '@anaquel/api';
import { Toaster, toast } from '@anaquel/ui';
import { configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../../app/providers';
import { createAppQueryClient } from '../../../app/query-services';
import { useAuthStore } from '../../../stores/auth-store';

// Screens fetch through the whole client stack; on two busy cores a first answer can take seconds.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no ResizeObserver; react-aria's overlays only need it to exist.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/**
 * Options of a describe block of screen journeys: a whole screen with its modal and dozens of
 * react-aria fields can take several seconds per step on two cores shared with other work.
 */
export const SCREEN_TEST_OPTIONS = { timeout: 45_000 };

/** Signs a test user in with exactly these permission codes. */
export function signInWith(permissions: readonly string[]) {
  useAuthStore.setState({
    isAuthenticated: true,
    user: {
      id: 1,
      completeName: 'Ana Prueba',
      email: 'ana@anaquel.mx',
      profileImageUrl: null,
      // Tests may hold any code; the store types them as the contract's PermissionCode.
      permissions: [...permissions] as PermissionCode[],
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
  // No pause between keystrokes: the screens' debounce, not the typing speed, is what tests wait for.
  const user = userEvent.setup({ delay: null });
  const view = render(
    <AppProviders services={services}>
      <RouterProvider router={router} />
      <Toaster />
    </AppProviders>,
  );
  return { user, router, services, ...view };
}
