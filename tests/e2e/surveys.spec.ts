// The survey designer end to end (issue 10, spec 2 §2-§8): a two-level survey with one question of
// each of the 13 types built in the designer, validity errors appearing and disappearing as it is
// built, a reorder, skip logic picked by name, the preview (skip logic live, running score,
// nothing saved) and a duplicate from the 'Cuestionarios' list.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { admin } from '../support/accounts.ts';
import { signIn, toast } from '../support/app.ts';

const run = Date.now().toString(36).slice(-6);

interface Envelope<T> {
  success: boolean;
  data: T;
  errorMessage?: string;
}

async function apiAs(request: APIRequestContext) {
  const login = await request.post('/api/v1/auth/login', {
    data: { username: admin.email, password: admin.password, rememberMe: false },
  });
  expect(login.status()).toBe(200);
  const { accessToken } = ((await login.json()) as Envelope<{ accessToken: string }>).data;
  const headers = { Authorization: `Bearer ${accessToken}` };
  async function read<T>(what: string, response: Awaited<ReturnType<typeof request.get>>) {
    const body = (await response.json()) as Envelope<T>;
    expect(response.ok(), `${what}: ${body.errorMessage ?? response.status()}`).toBe(true);
    return body.data;
  }
  return {
    get: async <T>(path: string) =>
      read<T>(`GET ${path}`, await request.get(`/api/v1${path}`, { headers })),
    post: async <T>(path: string, body: unknown) =>
      read<T>(`POST ${path}`, await request.post(`/api/v1${path}`, { headers, data: body })),
  };
}

interface TreeQuestion {
  id: number;
  description: string;
  type: number;
  multipleOptions: { id: number; description: string; points: number }[];
}
interface TreeSegment {
  id: number;
  name: string;
  order: number;
  questions: TreeQuestion[];
  children: TreeSegment[];
}
interface Tree {
  id: number;
  name: string;
  isValid: boolean;
  errors: string[];
  segments: TreeSegment[];
}

/** A client of this run and a campaign of it, through the API: where a journey's survey lives. */
async function newCampaign(
  api: Awaited<ReturnType<typeof apiAs>>,
  code: string,
  label: string,
  taxId: string,
) {
  const client = await api.post<{ id: number }>('/clients', {
    code: `${code}-${run}`,
    commercialName: `${label} ${run}`,
    legalName: `${label} ${run} S.A. de C.V.`,
    taxId,
    isActive: true,
  });
  return api.post<{ id: number }>('/campaigns', {
    name: `Campaña de ${label.toLowerCase()} ${run}`,
    startDate: '2026-01-01',
    clientIds: [client.id],
    isActive: true,
  });
}

/** The designer card (segment or question) titled exactly `name`. */
function card(page: Page | Locator, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** Clicks a radio or checkbox through its label (react-aria hides the input itself). */
async function press(control: Locator) {
  await control.locator('xpath=ancestor::label[1]').click();
}

/** A card's own action button (not one of a nested card). */
function ownButton(region: Locator, name: string): Locator {
  return region.locator(':scope > div > div').first().getByRole('button', { name, exact: true });
}

async function save(dialog: Locator, success: string) {
  const button = dialog.getByRole('button', { name: 'Guardar' });
  await expect(button).toBeEnabled();
  await button.click();
  await expect(toast(dialog.page(), success).first()).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function chooseType(dialog: Locator, label: string) {
  await dialog.getByRole('button', { name: /Tipo/ }).click();
  await dialog.page().getByRole('option', { name: label, exact: true }).click();
}

/** Adds `option` to the multi-select `label` of the dialog. */
async function pick(dialog: Locator, label: string, option: string) {
  const page = dialog.page();
  const input = dialog.getByRole('combobox', { name: label });
  await input.click();
  await input.press('ArrowDown');
  const listbox = page
    .getByRole('listbox')
    .filter({ has: page.getByRole('option', { name: option, exact: true }) });
  await expect(listbox).toBeVisible();
  const choice = listbox.getByRole('option', { name: option, exact: true });
  await choice.click();
  // Selected in the list while it is open; the list may close by itself right after the click
  // (when the dialog scrolls), and then the grid below is where the choice shows.
  await expect(async () => {
    if (await listbox.isVisible()) {
      await expect(choice).toHaveAttribute('aria-selected', 'true', { timeout: 500 });
    }
  }).toPass();
  // While the list is open the rest of the dialog is hidden from assistive technology: Escape
  // closes the list (and only it), unless it already closed by itself (it closes when the
  // dialog scrolls).
  if ((await input.getAttribute('aria-expanded')) === 'true') await input.press('Escape');
  await expect(input).toHaveAttribute('aria-expanded', 'false');
  await expect(listbox).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByRole('grid', { name: `${label} seleccionados` }).getByRole('row', { name: option }),
  ).toBeVisible();
}

async function fillNumber(dialog: Locator, name: string, value: number) {
  const input = dialog.getByRole('textbox', { name: new RegExp(`^${name}`) });
  await input.fill(String(value));
  await input.blur();
}

test.describe('the survey designer', () => {
  test('builds a two-level survey of the 13 types, reorders, skips, previews and duplicates it', async ({
    page,
    request,
  }) => {
    test.setTimeout(900_000);
    const api = await apiAs(request);
    const campaign = await newCampaign(api, 'ENC', 'Encuestas', 'EAN010101AB1');
    const name = `Auditoría de anaquel ${run}`;
    // 13 questions of 10 points: 70 in the top segment, 60 in its sub-segment.
    const survey = await api.post<{ id: number }>('/surveys', {
      campaignId: campaign.id,
      type: 1,
      name,
      description: 'Revisión mensual de exhibición',
      points: 130,
      isActive: true,
    });

    await signIn(page, admin);
    await page.goto(`/surveys/${survey.id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const surveyWarning = page.getByRole('group', {
      name: 'Este cuestionario tiene errores de validación:',
    });
    await expect(surveyWarning).toContainText('El cuestionario no tiene segmentos.');

    // Top-level segment, then a sub-segment inside it.
    await page.getByRole('button', { name: 'Agregar Segmento en la posición 1' }).click();
    let dialog = page.getByRole('dialog', { name: 'Agregar segmento' });
    await dialog.getByRole('textbox', { name: /Nombre/ }).fill('Exhibición');
    await fillNumber(dialog, 'Puntos', 130);
    await save(dialog, 'Segmento creado exitosamente.');
    const top = card(page, 'Exhibición');
    await expect(top).toBeVisible();
    await expect(
      top.getByRole('group', { name: 'Este segmento tiene errores de validación:' }),
    ).toContainText('El segmento no tiene preguntas ni subsegmentos.');
    await expect(top.getByText('No hay preguntas ni segmentos aún.')).toBeVisible();
    await expect(surveyWarning).not.toContainText('El cuestionario no tiene segmentos.');

    const addQuestion = async (segment: Locator, label: string, text: string, count?: number) => {
      await segment
        .getByRole('button', { name: /^Agregar pregunta en la posición/ })
        .last()
        .click();
      const form = page.getByRole('dialog', { name: 'Agregar pregunta' });
      await chooseType(form, label);
      await form.getByRole('textbox', { name: /Descripción/ }).fill(text);
      await fillNumber(form, 'Puntos', 10);
      if (count !== undefined) await fillNumber(form, 'Límite de opciones', count);
      await save(form, 'Pregunta creada exitosamente.');
      await expect(card(page, text)).toBeVisible();
    };
    // One question of each type: 0-6 in the top segment, 7-12 in a sub-segment added after them.
    // Five go through the designer's form (type-specific fields: Si/No's fixed options, the option
    // limit of 7-9, the extra option of 5); the other eight through the API, to keep the journey
    // within its time on a busy machine. All 13 are then checked in the designer.
    await addQuestion(top, 'Texto', 'Comentarios del encargado');
    await expect(top.getByText('No hay preguntas ni segmentos aún.')).toHaveCount(0);
    const apiQuestion = (segmentId: number, type: number, description: string, extra = {}) =>
      api.post('/questions', { segmentId, type, description, points: 10, ...extra });
    let tree = await api.get<Tree>(`/surveys/${survey.id}`);
    const topId = tree.segments[0]!.id;
    await apiQuestion(topId, 1, '¿Cuántos frentes hay?', { acceptsNA: true });
    await apiQuestion(topId, 2, 'Precio observado', { hasPhoto: true });
    await apiQuestion(topId, 3, 'Fecha de caducidad', { isOptional: true });
    await page.reload();
    await addQuestion(top, 'Si/No', '¿Hay producto en el anaquel?');
    await addQuestion(top, 'Opción Única', '¿Dónde está ubicado?');
    await apiQuestion(topId, 6, '¿Qué material hay?');
    await page.reload();

    await top.getByRole('button', { name: 'Agregar segmento en la posición 8' }).click();
    dialog = page.getByRole('dialog', { name: 'Agregar segmento' });
    await dialog.getByRole('textbox', { name: /Nombre/ }).fill('Material promocional');
    await fillNumber(dialog, 'Puntos', 60);
    await save(dialog, 'Segmento creado exitosamente.');
    const sub = card(page, 'Material promocional');
    await expect(sub).toBeVisible();
    await addQuestion(sub, 'Número Máximo de Opciones', 'Elige hasta dos exhibidores', 2);
    tree = await api.get<Tree>(`/surveys/${survey.id}`);
    const subId = tree.segments[0]!.children[0]!.id;
    await apiQuestion(subId, 8, 'Marca al menos un sabor', { multipleOptionsCount: 1 });
    await apiQuestion(subId, 9, 'Elige una presentación', { multipleOptionsCount: 1 });
    await apiQuestion(subId, 10, 'Opinión del encargado');
    await page.reload();
    await addQuestion(sub, 'Ranking', 'Ordena las marcas');
    await apiQuestion(subId, 12, 'Limpieza del anaquel');
    await page.reload();
    for (const [text, label] of [
      ['Comentarios del encargado', 'Texto'],
      ['¿Cuántos frentes hay?', 'Entero'],
      ['Precio observado', 'Decimal'],
      ['Fecha de caducidad', 'Fecha'],
      ['¿Hay producto en el anaquel?', 'Si/No'],
      ['¿Dónde está ubicado?', 'Opción Única'],
      ['¿Qué material hay?', 'Opción Multiple'],
      ['Elige hasta dos exhibidores', 'Número Máximo de Opciones'],
      ['Marca al menos un sabor', 'Número Mínimo de Opciones'],
      ['Elige una presentación', 'Número Exacto de Opciones'],
      ['Opinión del encargado', 'Matriz de Likert'],
      ['Ordena las marcas', 'Ranking'],
      ['Limpieza del anaquel', 'Rating'],
    ]) {
      await expect(card(page, text!).getByText(label!, { exact: true }).first()).toBeVisible();
    }
    // Choice questions without options are invalid, and so is the survey.
    await expect(
      card(page, '¿Dónde está ubicado?').getByRole('group', {
        name: 'Esta pregunta tiene errores de validación:',
      }),
    ).toContainText('La pregunta debe tener al menos dos opciones.');
    // Si/No got its two locked options.
    const yesNo = card(page, '¿Hay producto en el anaquel?');
    await expect(yesNo.getByRole('listitem')).toHaveText([/Sí/, /No/]);
    await expect(yesNo.getByRole('button', { name: 'Eliminar opción' })).toHaveCount(0);

    // Options of the single choice through the designer; the rest through the API.
    for (const [description, points] of [
      ['Cabecera', 10],
      ['Pasillo', 5],
    ] as const) {
      await card(page, '¿Dónde está ubicado?')
        .getByRole('button', { name: 'Agregar opción' })
        .click();
      dialog = page.getByRole('dialog', { name: 'Agregar opción' });
      await dialog.getByRole('textbox', { name: /Descripción/ }).fill(description);
      await fillNumber(dialog, 'Puntos', points);
      await save(dialog, 'Opción múltiple agregada exitosamente.');
    }
    await expect(
      card(page, '¿Dónde está ubicado?').getByRole('group', {
        name: 'Esta pregunta tiene errores de validación:',
      }),
    ).toHaveCount(0);

    tree = await api.get<Tree>(`/surveys/${survey.id}`);
    const questions = new Map<string, TreeQuestion>();
    const walk = (segment: TreeSegment) => {
      for (const q of segment.questions) questions.set(q.description, q);
      segment.children.forEach(walk);
    };
    tree.segments.forEach(walk);
    const addOptions = async (text: string, options: [string, number][]) => {
      for (const [description, points] of options) {
        await api.post('/multipleoptions', {
          questionId: questions.get(text)!.id,
          description,
          points,
        });
      }
    };
    await addOptions('¿Qué material hay?', [
      ['Cenefa', 5],
      ['Cartel', 5],
    ]);
    await addOptions('Elige hasta dos exhibidores', [
      ['Isla', 5],
      ['Tira', 5],
      ['Vitrina', 5],
    ]);
    await addOptions('Marca al menos un sabor', [
      ['Limón', 10],
      ['Uva', 10],
    ]);
    await addOptions('Elige una presentación', [
      ['600 ml', 10],
      ['2 l', 10],
    ]);
    await addOptions('Opinión del encargado', [['El surtido llega a tiempo', 10]]);
    await addOptions('Ordena las marcas', [
      ['Marca A', 0],
      ['Marca B', 0],
    ]);
    await addOptions('Limpieza del anaquel', [
      ['Mala', 0],
      ['Buena', 10],
    ]);
    // Si/No scores 10 for 'Sí' (its text is locked).
    await page.reload();
    await yesNo.getByRole('button', { name: 'Editar opción' }).first().click();
    dialog = page.getByRole('dialog', { name: 'Editar opción' });
    await expect(dialog.getByRole('textbox', { name: /Descripción/ })).toBeDisabled();
    await fillNumber(dialog, 'Puntos', 10);
    await save(dialog, 'Opción múltiple actualizada exitosamente.');

    // Everything adds up now: no warning anywhere.
    await expect(surveyWarning).toHaveCount(0);
    await expect(page.getByRole('group', { name: /tiene errores de validación/ })).toHaveCount(0);

    // Reorder: the sub-segment goes up one place (before '¿Qué material hay?').
    await expect(ownButton(sub, 'Bajar segmento')).toHaveCount(0);
    await ownButton(sub, 'Subir segmento').click();
    await expect(toast(page, 'Segmento subido exitosamente.').first()).toBeVisible();
    await expect(ownButton(sub, 'Bajar segmento')).toBeVisible();
    tree = await api.get<Tree>(`/surveys/${survey.id}`);
    expect(tree.segments[0]!.children[0]!.order).toBe(6);
    expect(tree.segments[0]!.questions.find((q) => q.type === 6)).toMatchObject({ order: 7 });

    // Skip logic: 'No' hides the sub-segment and the count of fronts, shown by name.
    await yesNo.getByRole('button', { name: 'Editar opción' }).nth(1).click();
    dialog = page.getByRole('dialog', { name: 'Editar opción' });
    await pick(dialog, 'Segmentos que oculta', 'Material promocional');
    await pick(dialog, 'Preguntas que oculta', '¿Dónde está ubicado?');
    await save(dialog, 'Opción múltiple actualizada exitosamente.');
    await expect(
      yesNo.getByText('Segmento «Material promocional», Pregunta «¿Dónde está ubicado?»'),
    ).toBeVisible();

    // A mandatory Si/No whose both answers hide the same item makes it unreachable: the error
    // appears, and goes away when the skip logic is undone.
    await yesNo.getByRole('button', { name: 'Editar opción' }).first().click();
    dialog = page.getByRole('dialog', { name: 'Editar opción' });
    await pick(dialog, 'Preguntas que oculta', '¿Dónde está ubicado?');
    await save(dialog, 'Opción múltiple actualizada exitosamente.');
    await expect(
      card(page, '¿Dónde está ubicado?').getByRole('group', {
        name: 'Esta pregunta tiene errores de validación:',
      }),
    ).toContainText('La pregunta nunca se muestra');
    await yesNo.getByRole('button', { name: 'Editar opción' }).first().click();
    dialog = page.getByRole('dialog', { name: 'Editar opción' });
    await dialog.getByRole('button', { name: /Quitar ¿Dónde está ubicado\?/ }).click();
    await save(dialog, 'Opción múltiple actualizada exitosamente.');
    await expect(page.getByRole('group', { name: /tiene errores de validación/ })).toHaveCount(0);

    // Preview: skip logic live and the running score; nothing saved.
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET' && r.url().includes('/api/v1/')) writes.push(r.url());
    });
    await page.getByRole('button', { name: 'Vista previa' }).click();
    const preview = page.getByRole('dialog', { name: `Vista previa: ${name}` });
    await expect(preview.getByText('0 de 130 puntos')).toBeVisible();
    await press(preview.getByRole('radio', { name: /^No/ }));
    await expect(preview.getByRole('heading', { name: 'Material promocional' })).toHaveCount(0);
    await expect(preview.getByRole('heading', { name: /¿Dónde está ubicado\?/ })).toHaveCount(0);
    // 130 - the sub-segment's 60 - the hidden question's 10.
    await expect(preview.getByText('0 de 60 puntos')).toBeVisible();
    await press(preview.getByRole('radio', { name: /^Sí/ }));
    await expect(preview.getByText('10 de 130 puntos')).toBeVisible();
    await preview.getByRole('textbox', { name: 'Comentarios del encargado' }).fill('Todo en orden');
    await expect(preview.getByText('20 de 130 puntos')).toBeVisible();
    await press(preview.getByRole('checkbox', { name: /Isla/ }));
    await press(preview.getByRole('checkbox', { name: /Tira/ }));
    await press(preview.getByRole('checkbox', { name: /Vitrina/ }));
    await expect(preview.getByText('Elige como máximo 2 opciones.').last()).toBeVisible();
    await preview.getByRole('button', { name: 'Revisar respuestas' }).click();
    // The sync's own messages (the one survey engine): the count broken, a required question.
    await expect(preview.getByText('Se pueden elegir como máximo 2 opciones.')).toBeVisible();
    await expect(preview.getByText(/^La pregunta ".+" es obligatoria\.$/).first()).toBeVisible();
    await preview.getByRole('button', { name: 'Cerrar' }).click();
    expect(writes).toEqual([]);

    // Duplicate from the list: an unanswered copy with its whole tree.
    await page.goto('/surveys');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Gestión de cuestionarios' }),
    ).toBeVisible();
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(name);
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name, exact: true }) });
    await row.getByRole('button', { name: `Duplicar ${name}` }).click();
    dialog = page.getByRole('dialog', { name: 'Duplicar cuestionario' });
    await expect(dialog.getByRole('textbox', { name: /Nombre/ })).toHaveValue(`${name} (copia)`);
    await dialog.getByRole('button', { name: 'Duplicar' }).click();
    await expect(toast(page, 'Cuestionario duplicado exitosamente.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/surveys\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: `${name} (copia)` })).toBeVisible();
    await expect(
      card(page, '¿Hay producto en el anaquel?').getByText(
        'Segmento «Material promocional», Pregunta «¿Dónde está ubicado?»',
      ),
    ).toBeVisible();
  });

  test("the toast of a move does not take the click meant for 'Vista previa' under it", async ({
    page,
    request,
  }) => {
    const api = await apiAs(request);
    const campaign = await newCampaign(api, 'TST', 'Avisos', 'AVI010101AB1');
    const name = `Avisos del diseñador ${run}`;
    const survey = await api.post<{ id: number }>('/surveys', {
      campaignId: campaign.id,
      type: 1,
      name,
      points: 20,
      isActive: true,
    });
    const segment = await api.post<{ id: number }>('/segments', {
      surveyId: survey.id,
      name: 'Exhibición',
      points: 20,
    });
    for (const description of ['Primera pregunta', 'Segunda pregunta']) {
      await api.post('/questions', { segmentId: segment.id, type: 0, description, points: 10 });
    }

    await signIn(page, admin);
    await page.goto(`/surveys/${survey.id}`);
    await ownButton(card(page, 'Primera pregunta'), 'Bajar pregunta').click();
    await expect(toast(page, 'Pregunta bajada exitosamente.')).toBeVisible();
    // Right after the move, while its toast shows: a click aimed at the button under the toast
    // reaches the button (a toast that took it would keep Playwright waiting until it closes).
    const preview = page.getByRole('button', { name: 'Vista previa' });
    const box = (await preview.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page.getByRole('dialog', { name: `Vista previa: ${name}` })).toBeVisible({
      timeout: 2000,
    });
    await expect(toast(page, 'Pregunta bajada exitosamente.')).toBeVisible();
  });
});
