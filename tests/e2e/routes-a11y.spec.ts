// axe (WCAG 2.0/2.1/2.2 A and AA) on EVERY route of the app, in the light and the dark theme.
//
// The routes are read from the app's own route table (packages/app/src/app/screen-table.ts for the
// private screens, routes.tsx for the public ones): every
// `path` with its `title`, public and private, so a screen another engineer adds joins this walk
// by itself. A route with a `:param` gets the id of a record this file creates through the API;
// a parameter it does not know fails the walk until `idFor` learns it.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { admin } from '../support/accounts.ts';
import { apiAs, type ApiSession } from '../support/api.ts';
import { signIn } from '../support/app.ts';
import { expectNoViolations } from '../support/axe.ts';

interface AppRoute {
  path: string;
  title: string;
  /** Public routes are visited signed out; the rest signed in as the administrator. */
  public: boolean;
}

/** The app's source file `name` (under packages/app/src/app), on one line. */
function appSource(name: string): string {
  return readFileSync(
    new URL(`../../packages/app/src/app/${name}`, import.meta.url),
    'utf8',
  ).replace(/\s+/g, ' ');
}

/** The routes of packages/app/src/app/screen-table.ts and routes.tsx, in their order. */
function appRoutes(): AppRoute[] {
  const source = appSource('routes.tsx');
  const found: AppRoute[] = [];
  // Private screens: `{ path: '/x', title: 'X', screen: ... }` in `privateScreens`.
  const table = appSource('screen-table.ts');
  const privatePart = table.slice(table.indexOf('export const privateScreens'));
  for (const [, path, title] of privatePart.matchAll(/\{ path: '([^']+)', title: '([^']+)'/g)) {
    found.push({ path: path!, title: title!, public: false });
  }
  // Public routes: `path: '/login', handle: { title: 'Iniciar Sesión' }` in `buildRoutes`.
  for (const [, path, title] of source.matchAll(
    /path: '([^']+)', handle: \{ title: '([^']+)' \}/g,
  )) {
    found.push({ path: path!, title: title!, public: true });
  }
  return found;
}

const routes = appRoutes();

test('reads every route of the app', () => {
  const paths = routes.map((route) => route.path);
  // The table as it stood when this walk was written: the walk grows with it, never shrinks.
  expect(paths).toEqual(
    expect.arrayContaining([
      '/',
      '/login',
      '/reset-password',
      '*',
      '/dashboard',
      '/profiles',
      '/brands',
      '/categories',
      '/subcategories',
      '/clients',
      '/regions',
      '/campaigns',
      '/points-of-sales',
      '/products',
      '/users',
      '/campaigns/:campaignId/clients',
      '/clients/:clientId/products',
      '/points-of-sales/:pointOfSalesId/products',
    ]),
  );
  expect(new Set(paths).size).toBe(paths.length);
});

// Records behind the parameterised routes, made once through the API.
let ids: Record<string, number> | undefined;

/** An id no record has (int32, so the server answers 404 rather than 400). */
const NO_SUCH_ID = 2_000_000_000;

async function recordIds(api: ApiSession): Promise<Record<string, number>> {
  const run = Date.now().toString(36);
  const client = await api.post<{ id: number }>('/clients', {
    code: `A11Y-${run}`,
    commercialName: `Cliente accesible ${run}`,
    legalName: null,
    taxId: 'AAA010101AA1',
    isActive: true,
  });
  const campaign = await api.post<{ id: number }>('/campaigns', {
    name: `Campaña accesible ${run}`,
    description: null,
    startDate: new Date().toISOString().slice(0, 10),
    endDate: null,
    clientIds: [client.id],
    isActive: true,
  });
  const pointOfSale = await api.post<{ id: number }>('/pointofsales', {
    code: `PV-A11Y-${run}`,
    name: `Punto accesible ${run}`,
    stateId: 9,
    // A code outside the catalogue is accepted as typed (docs/decisions.md).
    zipCode: '99999',
    city: null,
    municipality: 'Coyoacán',
    settlement: 'Del Carmen',
    street: 'Av. Accesible',
    externalNumber: '1',
    internalNumber: null,
    latitude: null,
    longitude: null,
    isActive: true,
  });
  const survey = await api.post<{ id: number }>('/surveys', {
    campaignId: campaign.id,
    type: 1,
    name: `Cuestionario accesible ${run}`,
    description: null,
    points: 100,
    isActive: true,
  });
  return {
    campaignId: campaign.id,
    clientId: client.id,
    pointOfSalesId: pointOfSale.id,
    surveyId: survey.id,
    // Visits come only from the phone app's sync (a promoter, a route, answers...), which this
    // walk does not drive: their screens are checked in their "does not exist" state.
    checkInId: NO_SUCH_ID,
    checkInSurveyId: NO_SUCH_ID,
  };
}

function concrete(path: string, known: Record<string, number>): string {
  if (path === '*') return '/esta-ruta-no-existe';
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const id = known[name];
    expect(id, `an id for the route parameter :${name} (teach recordIds about it)`).toBeDefined();
    return String(id);
  });
}

/** Waits for the screen to be at rest: its title, no pending request, no loading overlay. */
async function settle(page: Page, route: AppRoute): Promise<void> {
  if (route.path !== '/' && route.path !== '*') {
    await expect(page).toHaveTitle(`${route.title} · Anaquel`);
  }
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status', { name: 'Cargando' })).toHaveCount(0);
  await expect(page.locator('h1').first()).toBeVisible();
}

test.describe('every route', () => {
  // One signed-in page for all the private routes of the worker (a sign-in per route would
  // double the time); each visit is a full navigation, which restores the session through the
  // refresh cookie. After a failure the worker restarts and signs in again.
  let signedIn: Page | undefined;

  test.afterAll(async () => {
    await signedIn?.context().close();
  });

  for (const route of routes) {
    test(`${route.path} has no WCAG 2.2 AA violations, light and dark`, async ({
      browser,
      page: fresh,
      request,
    }) => {
      let page = fresh;
      if (route.public) {
        await page.goto(concrete(route.path, {}));
      } else {
        ids ??= await recordIds(await apiAs(request, admin));
        if (!signedIn) {
          const { baseURL, locale, timezoneId } = test.info().project.use;
          signedIn = await (await browser.newContext({ baseURL, locale, timezoneId })).newPage();
          await signIn(signedIn, admin);
          await expect(signedIn.getByText('Inicio de sesión exitoso.', { exact: true })).toBeHidden(
            {
              timeout: 15_000,
            },
          );
        }
        page = signedIn;
        await page.emulateMedia({ colorScheme: 'light' });
        await page.goto(concrete(route.path, ids));
        // Signed in, a private route is not sent back to /login.
        await expect(page).not.toHaveURL(/\/login/);
      }
      await settle(page, route);
      await expectNoViolations(page);
      // The default theme 'Sistema' follows the operating system live.
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      await expectNoViolations(page);
    });
  }
});
