import {
  createGlobalErrorHandler,
  createQueryClient,
  setAccessToken,
  type PermissionCode,
} from '@anaquel/api';
import { toast } from '@anaquel/ui';
import type { Decorator, StoryContext } from '@storybook/react-vite';
import { expect, screen, waitFor } from 'storybook/test';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppRoot } from '../app/app-root';
import { PublicLayout } from '../app/layouts/public-layout';
import { ShellLayout } from '../app/layouts/shell-layout';
import { AppProviders } from '../app/providers';
import type { AppServices } from '../app/app-context';
import { endSession } from '../app/session';
import { notify } from '../lib/notify';
import { useAuthStore, type SessionUser } from '../stores/auth-store';
import { useModalStore } from '../stores/modal-store';
import { stubApi, type ApiStub, type Routes } from '../test/api-stub';

// Whole screens in Storybook (ARCHITECTURE §1), driven by the same typed api stub as the app's
// RTL tests (test/api-stub.ts): a story names its screen's route, the signed-in user's permission
// codes and the api answers; `withScreen` renders the screen in a memory router under the app's
// own root (toaster, react-aria navigation), layout and providers.

/** Where and as whom a screen story renders (`parameters.screen`). */
export interface ScreenParameters {
  /** The URL the screen opens at, e.g. '/campaigns/5/products'. */
  path: string;
  /** The route pattern that matches `path`, e.g. '/campaigns/:campaignId/products'. */
  pattern?: string;
  /** The signed-in user's permission codes; `null` for a visitor (the sign-in screen). */
  permissions: readonly PermissionCode[] | null;
  /** The page around the screen: the signed-in shell (header, side menu) or the public header. */
  layout: 'shell' | 'public';
}

/** The signed-in user of the screen stories. */
export const storyUser = (permissions: readonly PermissionCode[]): SessionUser => ({
  id: 1,
  completeName: 'Mariana Gutiérrez Ochoa',
  email: 'mariana.gutierrez@anaquel.mx',
  profileImageUrl: null,
  permissions: [...permissions],
});

/** What the helpers below read of a story's context (any story, whatever its args). */
type Context = Pick<StoryContext, 'parameters'>;

function screenParameters(context: Context): ScreenParameters {
  const screen = (context.parameters as { screen?: ScreenParameters }).screen;
  if (!screen) throw new Error('A screen story needs `parameters.screen` (see screenMeta).');
  return screen;
}

let current: ApiStub | null = null;

/**
 * A `beforeEach` that answers the screen's api calls with `routes`. The first one a story runs
 * (its meta's) installs a fresh stub; the next ones (the story's own) add or replace routes.
 */
export function mockApi(routes: Routes) {
  return () => {
    if (current) {
      for (const [route, answer] of Object.entries(routes)) {
        current.on(route as keyof Routes, answer as never);
      }
    } else {
      current = stubApi(routes);
    }
    return () => {
      current = null;
    };
  };
}

/** The api stub of the running story: what the screen asked (`requests`, `to(route)`). */
export function storyApi(): ApiStub {
  if (!current) throw new Error('No api stub: the story has no mockApi(...) in its beforeEach.');
  return current;
}

/**
 * Signs the story's user in (or out) and forgets the toasts, modals and announcements of the
 * previous story.
 */
function prepareSession(context: Context) {
  const { permissions } = screenParameters(context);
  toast.clear();
  useModalStore.getState().closeAll();
  // react-aria's live announcer outlives a story by 7 s: an announcement naming an element of the
  // previous story (a pending button) would point at nothing, which axe reports (role-img-alt).
  for (const log of document.querySelectorAll('[data-live-announcer] [role="log"]')) {
    log.replaceChildren();
  }
  if (permissions === null) {
    useAuthStore.getState().logout();
  } else {
    useAuthStore.getState().login({ user: storyUser(permissions) });
    // A signed-in page with a token in memory: the app root does not try to renew the session.
    setAccessToken('token-de-historia');
  }
}

/**
 * The services of a signed-in app: a QueryClient with the spec's defaults and the one global
 * error handler (spec 1 §8: toasts, and ends the session when it cannot be renewed).
 */
function createServices(): AppServices {
  const onError = createGlobalErrorHandler({
    notify,
    onSessionExpired: () => endSession(queryClient),
  });
  const queryClient = createQueryClient({ onError });
  return { queryClient, onError };
}

function ScreenHarness({
  screen,
  children,
}: {
  screen: ScreenParameters;
  children: RouteObject['element'];
}) {
  // One client and one router per mounted story: no cached answer leaks from another story.
  const [services] = useState(createServices);
  const [router] = useState(() =>
    createMemoryRouter(
      [
        {
          element: <AppRoot />,
          children: [
            {
              element: screen.layout === 'shell' ? <ShellLayout /> : <PublicLayout />,
              children: [
                { path: screen.pattern ?? screen.path, element: children },
                // Where the screen's links lead: a story stays on its screen.
                { path: '*', element: <p className="p-6 text-fg">Otra pantalla de Anaquel</p> },
              ],
            },
          ],
        },
      ],
      { initialEntries: [screen.path] },
    ),
  );
  return (
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

/** Renders the story's screen as the app would (see `ScreenParameters`). */
const withScreen: Decorator = (Story, context) => (
  // Keyed by story: another story never inherits this one's router or cache.
  <ScreenHarness key={context.id} screen={screenParameters(context)}>
    <Story />
  </ScreenHarness>
);

/**
 * The meta of a screen story: the decorator, the session and the api answers shared by the
 * file's stories (a story adds its own with `beforeEach: mockApi({...})`).
 */
export function screenMeta(
  screen: ScreenParameters,
  routes: Routes,
): {
  tags: string[];
  decorators: Decorator[];
  beforeEach: ((context: Context) => void | (() => void))[];
  parameters: { layout: 'fullscreen'; screen: ScreenParameters };
} {
  return {
    // No docs page: it would render every story of the file at once, and the api stub (the api
    // client's fetch) is one per page.
    tags: ['!autodocs'],
    decorators: [withScreen],
    // The stub first: it signs the api client out, and prepareSession then gives it a token.
    beforeEach: [mockApi(routes), prepareSession],
    parameters: { layout: 'fullscreen', screen },
  };
}

/** Waits until a toast with `text` shows (toasts are portalled to the body and fade in). */
export async function seeToast(text: string) {
  await waitFor(() => expect(screen.getByText(text)).toBeVisible(), { timeout: 10_000 });
}

/** The dialog named `name`, once it has faded in (modals are portalled to the body). */
export async function findDialog(name: string) {
  const dialog = await screen.findByRole('dialog', { name }, { timeout: 10_000 });
  await waitFor(() => expect(dialog).toBeVisible(), { timeout: 10_000 });
  return dialog;
}
