// Spec 1 §2 (guards, header, sidebar), §4 (auth and theme states), §8 (login messages).
import { expect, test } from '@playwright/test';
import { admin } from '../support/accounts.ts';
import { chooseTheme, signIn, signOut, submitLogin, texts, toast } from '../support/app.ts';

test('an anonymous visitor who opens /dashboard is sent to /login', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bienvenido a Anaquel' })).toBeVisible();
});

test('wrong credentials show the login failure message and keep the visitor on /login', async ({
  page,
}) => {
  await page.goto('/login');
  const response = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/login'));
  // An address nobody has: wrong passwords for a real account would count towards its lockout.
  await submitLogin(page, 'nadie@anaquel.mx', 'NoEs#LaClave1');
  expect((await response).status()).toBe(401);
  await expect(toast(page, texts.invalidCredentials)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the administrator signs in, picks the dark theme, keeps it and the session across a reload, and signs out', async ({
  page,
}) => {
  await signIn(page, admin);

  // The shell: the main menu with the dashboard entry and the signed-in user's card.
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  await expect(menu.getByRole('link', { name: 'Panel de control' })).toBeVisible();
  await expect(page.getByText(admin.completeName, { exact: true })).toBeVisible();
  await expect(page.getByText(admin.email, { exact: true })).toBeVisible();
  // The administrator holds every permission, so the groups of the built screens are offered
  // ('Operación' and 'Reportes' join them with the visit and report screens).
  for (const group of ['Seguridad', 'Administración', 'Productos']) {
    await expect(menu.getByRole('button', { name: group })).toBeVisible();
  }

  const html = page.locator('html');
  await expect(html).not.toHaveClass(/\bdark\b/);
  await chooseTheme(page, 'Oscuro');
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(html).toHaveAttribute('data-theme', 'dark');

  // The access token lives in memory only: after a reload the refresh cookie restores the session,
  // renewed once (the page's HTML starts it before its scripts; the client takes that answer).
  const renewals: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/auth/refresh-token')) renewals.push(request.method());
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Panel de control' })).toBeVisible();
  expect(renewals).toEqual(['POST']);
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(html).toHaveAttribute('data-theme', 'dark');

  await chooseTheme(page, 'Claro');
  await expect(html).not.toHaveClass(/\bdark\b/);
  await expect(html).toHaveAttribute('data-theme', 'light');

  await signOut(page);
  // Signing out ends the server session too: the refresh cookie no longer opens the dashboard.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-in user who opens /login is sent to /', async ({ page }) => {
  await signIn(page, admin);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Anaquel' })).toBeVisible();
});
