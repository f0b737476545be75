// Issue 13: toasts never cover the header on a phone, and reopening the browser without
// 'Recordarme' simply shows /login (no 'Tu sesión ha expirado' toast).
import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { admin } from '../support/accounts.ts';
import { signIn, submitLogin, texts, toast } from '../support/app.ts';

const expiredText = 'Tu sesión ha expirado. Por favor, inicia sesión nuevamente.';

test('on a 375 px phone the toast after signing in leaves the menu button usable', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await signIn(page, admin);
  const notice = toast(page, texts.loginSuccess);
  await expect(notice).toBeVisible();

  const header = (await page.getByRole('banner').boundingBox())!;
  const shown = (await notice.boundingBox())!;
  expect(shown.y, 'the toast starts below the header').toBeGreaterThanOrEqual(
    header.y + header.height,
  );

  // While the toast is still there, the menu button takes the tap (Playwright refuses to click
  // an element another one covers).
  const menuButton = page.getByRole('button', { name: 'Alternar menú lateral' });
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await menuButton.click({ timeout: 3_000 });
  await expect(notice).toBeVisible();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await context.close();
});

/**
 * Signs in (with or without 'Recordarme'), then "closes the browser": a new context gets only
 * what a browser keeps across a restart, the local storage and the persistent cookies.
 */
async function reopenAfterSignIn(browser: Browser, remember: boolean): Promise<BrowserContext> {
  const first = await browser.newContext();
  const page = await first.newPage();
  await page.goto('/login');
  if (remember) await page.getByText('Recordarme').click();
  const response = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/login'));
  await submitLogin(page, admin.email, admin.password);
  expect((await response).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Panel de control' })).toBeVisible();
  const state = await first.storageState();
  await first.close();
  return browser.newContext({
    storageState: { ...state, cookies: state.cookies.filter((cookie) => cookie.expires > 0) },
  });
}

test("reopening the browser without 'Recordarme' shows /login without the expired toast", async ({
  browser,
}) => {
  const reopened = await reopenAfterSignIn(browser, false);
  const page = await reopened.newPage();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Bienvenido a Anaquel' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // The refresh was refused before /login rendered: a toast would already be on screen.
  await expect(toast(page, expiredText)).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Correo electrónico' })).toBeVisible();
  await reopened.close();
});

test("with 'Recordarme' the reopened browser is still signed in", async ({ browser }) => {
  const reopened = await reopenAfterSignIn(browser, true);
  const page = await reopened.newPage();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Panel de control' })).toBeVisible();
  await expect(toast(page, expiredText)).toHaveCount(0);
  await reopened.close();
});
