// Spec 1 §2 (change-password modal, reset page), §4 (strength meter), §8 (messages);
// architecture §5 (single-use reset token, lockout).
import { expect, test } from '@playwright/test';
import { lockedOut, passwordChanger, passwordResetter } from '../support/accounts.ts';
import {
  openUserMenuItem,
  passwordField,
  signIn,
  signOut,
  submitLogin,
  texts,
  toast,
} from '../support/app.ts';
import { outboxDir } from '../support/env.ts';
import { findLink, waitForMail } from '../support/outbox.ts';

test('a user changes the password from the user menu and signs in with the new one', async ({
  page,
}) => {
  const newPassword = 'Nueva#Clave2026';
  await signIn(page, passwordChanger);
  // spec 1 §6: a user without permissions gets the dashboard entry and no menu group.
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  await expect(menu.getByRole('link', { name: 'Panel de control' })).toBeVisible();
  await expect(menu.getByRole('button')).toHaveCount(0);
  await expect(page.getByText(passwordChanger.completeName, { exact: true })).toBeVisible();

  await openUserMenuItem(page, 'Cambiar Contraseña');
  const dialog = page.getByRole('dialog', { name: 'Cambiar Contraseña' });
  await expect(dialog).toBeVisible();
  const submit = dialog.getByRole('button', { name: 'Cambiar Contraseña' });
  // spec 1 §4: the submit button is enabled only when the form is valid and modified.
  await expect(submit).toBeDisabled();

  await passwordField(dialog, 'Contraseña Actual').fill(passwordChanger.password);
  await passwordField(dialog, 'Nueva Contraseña').fill('abc');
  // 'abc' meets one criterion (lowercase): level 0.
  await expect(dialog.getByText('Muy Débil', { exact: true })).toBeVisible();
  await passwordField(dialog, 'Nueva Contraseña').fill(newPassword);
  // Lowercase, uppercase, digit, special character and length 8: five criteria, the top level.
  await expect(dialog.getByText('Muy Fuerte', { exact: true })).toBeVisible();
  await passwordField(dialog, 'Confirmar Contraseña').fill(newPassword);

  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(toast(page, texts.passwordChanged)).toBeVisible();
  await expect(dialog).toBeHidden();

  await signOut(page);
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/login'));
  await submitLogin(page, passwordChanger.email, passwordChanger.password);
  expect((await refused).status(), 'the old password no longer signs in').toBe(401);
  await expect(toast(page, texts.invalidCredentials)).toBeVisible();

  await signIn(page, { email: passwordChanger.email, password: newPassword });
});

test('a user resets a forgotten password with the e-mailed link, which works only once', async ({
  page,
}) => {
  const newPassword = 'Otra#Clave2027';
  await page.goto('/login');
  await page.getByRole('button', { name: 'Olvidé mi contraseña' }).click();
  const dialog = page.getByRole('dialog', { name: 'Restablecer Contraseña' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Correo electrónico' }).fill(passwordResetter.email);

  const requestedAt = Date.now();
  await dialog.getByRole('button', { name: 'Enviar Correo' }).click();
  await expect(toast(page, texts.resetRequested)).toBeVisible();
  await expect(dialog).toBeHidden();

  const mail = await waitForMail(outboxDir, passwordResetter.email, requestedAt);
  const link = findLink(mail, '/reset-password');
  expect(link.searchParams.get('token')).toBeTruthy();
  expect(link.searchParams.get('email')).toBe(passwordResetter.email);

  const resetPage = `${link.pathname}${link.search}`;
  await page.goto(resetPage);
  await expect(page.getByRole('heading', { name: 'Restablecer Contraseña' })).toBeVisible();
  await passwordField(page, 'Nueva Contraseña').fill(newPassword);
  await passwordField(page, 'Confirmar Contraseña').fill(newPassword);
  await page.getByRole('button', { name: 'Restablecer Contraseña' }).click();
  await expect(toast(page, texts.resetDone)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, { email: passwordResetter.email, password: newPassword });
  await signOut(page);

  // The token is single-use: the same link now fails with the reset page's bad-request message.
  await page.goto(resetPage);
  await passwordField(page, 'Nueva Contraseña').fill('Tercera#Clave2028');
  await passwordField(page, 'Confirmar Contraseña').fill('Tercera#Clave2028');
  await page.getByRole('button', { name: 'Restablecer Contraseña' }).click();
  await expect(toast(page, texts.resetBadRequest)).toBeVisible();
});

test('five wrong passwords lock the account for 15 minutes, even against the right password', async ({
  page,
}) => {
  await page.goto('/login');
  for (let attempt = 1; attempt <= 5; attempt++) {
    const response = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/login'));
    await submitLogin(page, lockedOut.email, `Mala#Clave${attempt}`);
    expect((await response).status(), `wrong password #${attempt}`).toBe(401);
  }

  const response = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/login'));
  await submitLogin(page, lockedOut.email, lockedOut.password);
  const locked = await response;
  expect(locked.status()).toBe(401);
  expect(await locked.json()).toMatchObject({ success: false, errorCode: 'ACCOUNT_LOCKED' });
  // The fifth failure may already answer the lock: its toast and this one are merged only when
  // they come within 3 s, so on a slow machine two identical toasts can be on screen.
  await expect(toast(page, texts.locked(15)).last()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
