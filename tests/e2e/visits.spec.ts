// Spec 1 §2 (check-in list, visit surveys, survey results), §4 (the 7-day rule), §6 (VIEW_CHECKINS,
// VIEW_USERS): the demo visits, made through the sync API on first start, reviewed down to an
// answer's photos.
import { expect, test } from '@playwright/test';
import { admin, type Account } from '../support/accounts.ts';
import { apiAs } from '../support/api.ts';
import { signIn } from '../support/app.ts';
import { expectNoViolations } from '../support/axe.ts';

const run = Date.now().toString(36).slice(-6);

interface Summary {
  today: string;
  weekStart: string;
  visitsLast7Days: number;
}

test.describe('visits', () => {
  test('the dashboard figures open the week of visits, reviewed down to the photos of an answer', async ({
    page,
    request,
  }) => {
    const api = await apiAs(request, admin);
    const summary = await api.get<Summary>('/checkins/summary');
    expect(summary.visitsLast7Days, 'demo visits of the last 7 days').toBeGreaterThan(0);

    await signIn(page, admin);
    const figures = page.getByRole('region', { name: 'Visitas' });
    await expect(figures.getByText('Visitas en 7 días')).toBeVisible();
    await figures.getByRole('link', { name: /Visitas en 7 días/ }).click();
    await expect(page).toHaveURL(
      new RegExp(`/checkins\\?startDate=${summary.weekStart}&endDate=${summary.today}$`),
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Visitas' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Visitas' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    // Admin holds VIEW_USERS: the promoter filter is there.
    await expect(page.getByRole('combobox', { name: 'Promotor' })).toBeVisible();
    await expectNoViolations(page);

    // A map link opens the check-in position in a new tab.
    const mapLink = table.getByRole('link', { name: /^Ver ubicación de entrada/ }).first();
    await expect(mapLink).toHaveAttribute('target', '_blank');
    await expect(mapLink).toHaveAttribute(
      'href',
      /maps\/search\/\?api=1&query=-?\d+\.\d+,-?\d+\.\d+/,
    );

    // An available visit's surveys, then one survey's answers.
    await table
      .getByRole('link', { name: /^Ver encuestas de la visita/ })
      .and(page.locator(':not([aria-disabled="true"])'))
      .first()
      .click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Encuestas de la visita' }),
    ).toBeVisible();
    await page
      .getByRole('link', { name: /^Ver respuestas de/ })
      .first()
      .click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Respuestas de la encuesta' }),
    ).toBeVisible();
    await expect(page.getByText(/^[\d.,]+ de [\d.,]+ puntos$/)).toBeVisible();
    await expect(page.getByText(/\(\d+ minutos?\)/)).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectNoViolations(page);
  });

  test('an answer with photos opens its gallery', async ({ page, request }) => {
    const api = await apiAs(request, admin);
    const summary = await api.get<Summary>('/checkins/summary');
    // Find, through the API, a result whose answers carry photos.
    const visits = await api.get<{ rows: { id: number; unavailable: boolean }[] }>(
      `/checkins?startDate=${summary.weekStart}&endDate=${summary.today}&PageSize=50`,
    );
    let target: { checkInId: number; id: number; photos: number } | undefined;
    for (const visit of visits.rows.filter((v) => !v.unavailable)) {
      const surveys = await api.get<{ id: number; photoUrls: string[] }[]>(
        `/checkins/${visit.id}/surveys`,
      );
      const withPhotos = surveys.find((s) => s.photoUrls.length > 0);
      if (withPhotos) {
        target = { checkInId: visit.id, id: withPhotos.id, photos: withPhotos.photoUrls.length };
        break;
      }
    }
    expect(target, 'a demo survey answered with photos').toBeDefined();

    await signIn(page, admin);
    await page.goto(`/checkins/${target!.checkInId}/surveys/${target!.id}`);
    const photos = page.getByRole('button', { name: /^Ver imágenes \(\d+\)$/ }).first();
    await photos.click();
    const gallery = page.getByRole('dialog');
    await expect(gallery.getByText(/^1 \/ \d+$/)).toBeVisible();
    const image = gallery.getByRole('img').first();
    await expect(image).toBeVisible();
    // The image really loads from the server.
    expect(await image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(
      0,
    );
  });

  test('the 7-day rule cuts a longer range, and the promoter filter needs VIEW_USERS', async ({
    page,
    request,
  }) => {
    const api = await apiAs(request, admin);
    const permissions = await api.get<{ id: number; code: string }[]>('/permissions');
    const viewCheckIns = permissions.find((p) => p.code === 'VIEW_CHECKINS');
    expect(viewCheckIns).toBeDefined();
    const profile = await api.post<{ id: number }>('/profiles', {
      name: `Supervisión de visitas ${run}`,
      description: 'Solo ve las visitas',
      permissionIds: [viewCheckIns!.id],
      isActive: true,
    });
    const supervisor: Account = {
      email: `visitas.${run}@e2e.anaquel.mx`,
      password: 'Visitas#Solo2026',
      completeName: 'Silvia Supervisora',
    };
    await api.postMultipart('/users', {
      name: 'Silvia',
      lastName: 'Supervisora',
      dateOfBirth: '1990-05-20',
      email: supervisor.email,
      password: supervisor.password,
      profileId: profile.id,
      isActive: true,
    });

    await signIn(page, supervisor);
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    await menu.getByRole('button', { name: 'Operación' }).click();
    await expect(menu.getByRole('link', { name: 'Visitas' })).toBeVisible();

    const listed = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/v1/checkins');
    await page.goto('/checkins?startDate=2026-10-01&endDate=2026-10-31');
    const sent = new URL((await listed).url());
    expect(sent.searchParams.get('startDate')).toBe('2026-10-01');
    expect(sent.searchParams.get('endDate')).toBe('2026-10-08');
    await expect(page.getByRole('heading', { level: 1, name: 'Visitas' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Promotor' })).toHaveCount(0);
  });
});
