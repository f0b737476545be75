// Page helpers shared by the journeys. They use only what a person sees: roles, accessible names
// (the fixed names in /work/labels.md) and the spec's Spanish texts.
import { expect, type Locator, type Page } from '@playwright/test';
import type { Account } from './accounts.ts';

export const texts = {
  loginSuccess: 'Inicio de sesión exitoso.',
  invalidCredentials: 'Credenciales inválidas. Por favor, inténtelo de nuevo.',
  locked: (minutes: number) =>
    `La cuenta está bloqueada. Intenta de nuevo en ${minutes} minuto(s).`,
  passwordChanged: 'La contraseña se cambió exitosamente.',
  resetRequested: 'Si el correo está registrado, recibirás un enlace de restablecimiento.',
  resetDone: 'Contraseña restablecida exitosamente.',
  resetBadRequest: 'Los datos para restablecer la contraseña son incorrectos. Inténtalo de nuevo.',
} as const;

/** A toast (or any live message) with exactly this text. */
export function toast(page: Page, text: string): Locator {
  return page.getByText(text, { exact: true });
}

export function passwordField(scope: Page | Locator, name: string): Locator {
  // Chromium exposes a password input as a textbox; `exact` keeps the show/hide button
  // ('Mostrar contraseña') and longer names ('Nueva Contraseña') out of the match.
  return scope.getByRole('textbox', { name, exact: true });
}

/** Fills and submits the login form; does not wait for the outcome. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/login')) await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Bienvenido a Anaquel' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
  await passwordField(page, 'Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
}

/** Signs in and waits until the dashboard shows, which proves the session works end to end. */
export async function signIn(
  page: Page,
  account: Pick<Account, 'email' | 'password'>,
): Promise<void> {
  await page.goto('/login');
  const response = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/login'));
  await submitLogin(page, account.email, account.password);
  expect((await response).status(), `login of ${account.email}`).toBe(200);
  await expect(toast(page, texts.loginSuccess)).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);
  // The spec does not say where a successful login lands (the public-only guard sends a
  // signed-in visitor to /); from there the dashboard is one click away.
  if (!page.url().endsWith('/dashboard')) {
    await page
      .getByRole('link', { name: /^(Panel de control|Ir al panel)$/ })
      .first()
      .click();
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Panel de control' })).toBeVisible();
}

export async function openUserMenuItem(
  page: Page,
  item: 'Cambiar Contraseña' | 'Cerrar Sesión',
): Promise<void> {
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

export async function signOut(page: Page): Promise<void> {
  await openUserMenuItem(page, 'Cerrar Sesión');
  await expect(page).toHaveURL(/\/login$/);
}

/** Chooses a theme in the header's 'Tema' menu. */
export async function chooseTheme(
  page: Page,
  theme: 'Claro' | 'Oscuro' | 'Sistema',
): Promise<void> {
  await page.getByRole('button', { name: 'Tema' }).click();
  // A single-selection menu exposes its items as menuitemradio; a plain one as menuitem.
  await page
    .getByRole('menu')
    .getByRole(/* exact role not fixed by the labels */ 'menuitemradio', { name: theme })
    .or(page.getByRole('menu').getByRole('menuitem', { name: theme }))
    .click();
}

/** Waits (at most 3 s) for the running finite animations and transitions to end. */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const finite = document
          .getAnimations()
          .filter(
            (a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity,
          );
        void Promise.all(finite.map((a) => a.finished.catch(() => undefined))).then(() =>
          resolve(),
        );
        setTimeout(resolve, 3000);
      }),
  );
}
