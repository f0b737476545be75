import type { SurveyTree } from '@anaquel/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failureEnvelope, okEnvelope, stubApi } from '../../test/api-stub';
import {
  SCREEN_TEST_OPTIONS,
  renderScreen,
  signInWith,
} from '../../components/resource/testing/render-screen';
import SurveyDesignerPage from './survey-designer-page';
import { option, question, segmentOf } from './tree-builders';

const ALL = ['SEGMENTS', 'QUESTIONS', 'MULTIPLEOPTIONS'].flatMap((base) =>
  ['VIEW_', 'CREATE_', 'UPDATE_', 'DELETE_'].map((verb) => `${verb}${base}`),
);
const IN_USE = 'El cuestionario ya tiene respuestas registradas; duplícalo para modificarlo.';

const segment = segmentOf(7);

// Segment 'Exhibición' [Si/No (No hides 'Frentes' and segment 'Atención'), Frentes (Entero),
// Ranking], then an empty unnamed segment, then 'Atención' [Texto].
const tree: SurveyTree = {
  id: 7,
  campaignId: 1,
  campaignName: 'Regreso a clases',
  type: 1,
  typeDescription: 'Punto de venta',
  name: 'Auditoría de anaquel',
  description: 'Revisión mensual',
  points: 40,
  isActive: true,
  firstAnswerAt: null,
  isValid: false,
  errors: ['Segmento sin nombre: El segmento está vacío.'],
  segments: [
    segment(1, 0, 'Exhibición', 30, {
      questions: [
        question(11, 1, 0, 4, '¿Hay producto en el anaquel?', 10, {
          multipleOptions: [
            option(111, 11, 0, 'Sí', 10),
            option(112, 11, 1, 'No', 0, { blurredQuestionIds: [12], blurredSegmentIds: [3] }),
          ],
        }),
        question(12, 1, 1, 1, 'Frentes', 10),
        question(13, 1, 2, 11, 'Ordena las marcas', 10, {
          multipleOptions: [option(131, 13, 0, 'Marca A', 0), option(132, 13, 1, 'Marca B', 0)],
        }),
      ],
    }),
    segment(2, 1, '', 0, { isValid: false, errors: ['El segmento está vacío.'] }),
    segment(3, 2, 'Atención', 10, { questions: [question(31, 3, 0, 0, 'Comentarios', 10)] }),
  ],
};

function render(path = '/surveys/7', routes: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({ 'GET /surveys/7': okEnvelope(tree), ...routes });
  const view = renderScreen(<SurveyDesignerPage />, { path, pattern: '/surveys/:surveyId' });
  return { ...view, api };
}

describe('survey designer', SCREEN_TEST_OPTIONS, () => {
  it("says 'Id de cuestionario inválido' for an id that is not a positive integer", async () => {
    signInWith(ALL);
    const { api } = render('/surveys/abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('Id de cuestionario inválido');
    expect(api.requests).toHaveLength(0);
  });

  it("shows 'Cargando encuesta...' and then 'Error al cargar la encuesta.'", async () => {
    signInWith(ALL);
    render('/surveys/7', { 'GET /surveys/7': failureEnvelope(500, 'ERROR', 'Error interno') });
    expect(screen.getByRole('progressbar', { name: 'Cargando encuesta...' })).toBeInTheDocument();
    expect(await screen.findByText('Error al cargar la encuesta.')).toHaveAttribute(
      'role',
      'alert',
    );
  });

  it('shows the survey with its validity, empty segment and insertion points', async () => {
    signInWith(ALL);
    render();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Auditoría de anaquel' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Revisión mensual')).toBeInTheDocument();
    expect(screen.getByText('40 puntos')).toBeInTheDocument();
    const warning = screen.getByRole('group', {
      name: 'Este cuestionario tiene errores de validación:',
    });
    expect(warning).toHaveTextContent('Segmento sin nombre: El segmento está vacío.');
    expect(screen.getByRole('heading', { name: 'Segmento sin nombre' })).toBeInTheDocument();
    expect(screen.getByText('No hay preguntas ni segmentos aún.')).toBeInTheDocument();
    // Before and after each of the three top-level segments.
    expect(screen.getAllByRole('button', { name: /^Agregar Segmento en/ })).toHaveLength(4);
    // The first segment cannot go up, the last cannot go down.
    const first = screen.getByRole('region', { name: 'Exhibición' });
    const own = (region: HTMLElement, name: string) =>
      within(region)
        .queryAllByRole('button', { name })
        .filter((b) => b.closest('section') === region);
    expect(own(first, 'Subir segmento')).toHaveLength(0);
    expect(own(first, 'Bajar segmento')).toHaveLength(1);
    const last = screen.getByRole('region', { name: 'Atención' });
    expect(own(last, 'Bajar segmento')).toHaveLength(0);
    // Skip logic shown by name.
    expect(screen.getByText(/Segmento «Atención», Pregunta «Frentes»/)).toBeInTheDocument();
  });

  it('hides every change without its permission code', async () => {
    signInWith(['VIEW_SURVEYS']);
    render();
    await screen.findByRole('heading', { level: 1, name: 'Auditoría de anaquel' });
    expect(screen.queryByRole('button', { name: /^Agregar/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Editar|Eliminar|Subir|Bajar)/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Vista previa' })).toBeInTheDocument();
  });

  it("moves a segment and refreshes the tree: 'Segmento bajado exitosamente.'", async () => {
    signInWith(ALL);
    const { user, api } = render('/surveys/7', {
      'POST /segments/1/move': okEnvelope({
        ...tree.segments[0]!,
        surveyName: tree.name,
        parentName: null,
      }),
    });
    const first = await screen.findByRole('region', { name: 'Exhibición' });
    const down = within(first)
      .getAllByRole('button', { name: 'Bajar segmento' })
      .find((b) => b.closest('section') === first)!;
    await user.click(down);
    expect(await screen.findByText('Segmento bajado exitosamente.')).toBeInTheDocument();
    expect(api.requests.find((r) => r.path === '/segments/1/move')?.body).toEqual({
      direction: 'down',
    });
    await waitFor(() =>
      expect(api.requests.filter((r) => r.path === '/surveys/7').length).toBeGreaterThan(1),
    );
  });

  it('shows the in-use 409 in Spanish when a move is refused', async () => {
    signInWith(ALL);
    const { user } = render('/surveys/7', {
      'POST /questions/12/move': failureEnvelope(409, 'ERROR', IN_USE),
    });
    const q = await screen.findByRole('region', { name: 'Frentes' });
    await user.click(within(q).getByRole('button', { name: 'Subir pregunta' }));
    expect(await screen.findByText('Error al subir la pregunta.')).toBeInTheDocument();
    expect(await screen.findByText(IN_USE)).toBeInTheDocument();
  });

  it('shows a survey in use read-only, its banner offering the copy', async () => {
    signInWith([...ALL, 'CREATE_SURVEYS']);
    const { user, api } = render('/surveys/7', {
      'GET /surveys/7': okEnvelope({ ...tree, firstAnswerAt: '2026-11-20T15:00:00Z' }),
      'GET /campaigns/options': okEnvelope([{ id: 1, name: 'Regreso a clases', isActive: true }]),
    });
    const q = await screen.findByRole('region', { name: 'Frentes' });
    const banner = screen.getByRole('note');
    expect(banner).toHaveTextContent(IN_USE);
    // Nothing to edit, move, add or delete: each would only be refused with a 409.
    expect(within(q).getByRole('button', { name: 'Frentes' })).toBeInTheDocument();
    expect(
      screen.queryAllByRole('button', { name: /^(Agregar|Editar|Eliminar|Subir|Bajar)/ }),
    ).toEqual([]);
    expect(screen.getByRole('button', { name: 'Vista previa' })).toBeEnabled();
    await user.click(within(banner).getByRole('button', { name: 'Duplicar cuestionario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Duplicar cuestionario' });
    expect(within(dialog).getByRole('textbox', { name: /Nombre/ })).toHaveValue(
      'Auditoría de anaquel (copia)',
    );
    expect(api.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('offers no copy in the in-use banner without CREATE_SURVEYS', async () => {
    signInWith(ALL);
    render('/surveys/7', {
      'GET /surveys/7': okEnvelope({ ...tree, firstAnswerAt: '2026-11-20T15:00:00Z' }),
    });
    const banner = await screen.findByRole('note');
    expect(within(banner).queryByRole('button')).toBeNull();
  });

  it('adds a top-level segment at an insertion point', async () => {
    signInWith(ALL);
    const { user, api } = render('/surveys/7', {
      'POST /segments': okEnvelope(
        { ...tree.segments[0]!, id: 4, surveyName: tree.name, parentName: null },
        201,
      ),
    });
    await user.click(
      await screen.findByRole('button', { name: 'Agregar Segmento en la posición 2' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Agregar segmento' });
    const save = within(dialog).getByRole('button', { name: 'Guardar' });
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Nombre/ }), 'Precios');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText('Segmento creado exitosamente.')).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'POST' && r.path === '/segments')?.body).toEqual({
      surveyId: 7,
      parentId: null,
      name: 'Precios',
      description: null,
      order: 1,
      points: 0,
    });
  });

  it("shows 'Error al crear el segmento.' and the server's field message", async () => {
    signInWith(ALL);
    const { user } = render('/surveys/7', {
      'POST /segments': failureEnvelope(400, 'ERROR', 'La solicitud no es válida', [
        { field: 'name', message: 'El nombre ya existe en este nivel' },
      ]),
    });
    await user.click(
      await screen.findByRole('button', { name: 'Agregar Segmento en la posición 1' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Agregar segmento' });
    await user.type(within(dialog).getByRole('textbox', { name: /Nombre/ }), 'Precios');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Error al crear el segmento.')).toBeInTheDocument();
    expect(
      await within(dialog).findByText('El nombre ya existe en este nivel'),
    ).toBeInTheDocument();
  });

  it('locks the Si/No and Ranking options (spec 2 §5)', async () => {
    signInWith(ALL);
    const { user } = render();
    const yesNo = await screen.findByRole('region', { name: '¿Hay producto en el anaquel?' });
    expect(within(yesNo).queryByRole('button', { name: 'Eliminar opción' })).toBeNull();
    expect(within(yesNo).queryByRole('button', { name: 'Agregar opción' })).toBeNull();
    await user.click(within(yesNo).getAllByRole('button', { name: 'Editar opción' })[0]!);
    let dialog = await screen.findByRole('dialog', { name: 'Editar opción' });
    expect(within(dialog).getByRole('textbox', { name: /Descripción/ })).toBeDisabled();
    // Skip logic offers only what comes after the question, by name.
    expect(
      within(dialog).getByText('Lógica de salto: al elegir esta opción se ocultan'),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const ranking = screen.getByRole('region', { name: 'Ordena las marcas' });
    expect(within(ranking).getAllByRole('button', { name: 'Eliminar opción' })).toHaveLength(2);
    await user.click(within(ranking).getAllByRole('button', { name: 'Editar opción' })[0]!);
    dialog = await screen.findByRole('dialog', { name: 'Editar opción' });
    expect(within(dialog).getByRole('textbox', { name: /Descripción/ })).toBeEnabled();
    expect(within(dialog).getByRole('textbox', { name: /Puntos/ })).toBeDisabled();
    expect(within(dialog).queryByText(/Lógica de salto/)).toBeNull();
  });

  it('resets the extra option when the type does not allow it; hides it for Si/No', async () => {
    signInWith(ALL);
    const { user } = render();
    const ranking = await screen.findByRole('region', { name: 'Ordena las marcas' });
    const edit = within(ranking)
      .getAllByRole('button', { name: 'Editar pregunta' })
      .find((b) => b.closest('section') === ranking)!;
    await user.click(edit);
    const dialog = await screen.findByRole('dialog', { name: 'Editar pregunta' });
    const other = within(dialog).getByRole('switch', { name: 'Opción extra (Otro)' });
    expect(other).toBeEnabled();
    await user.click(other);
    expect(other).toBeChecked();
    const type = within(dialog).getByRole('button', { name: /Tipo/ });
    await user.click(type);
    await user.click(await screen.findByRole('option', { name: 'Rating' }));
    expect(within(dialog).getByRole('switch', { name: 'Opción extra (Otro)' })).not.toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Opción extra (Otro)' })).toBeDisabled();
    await user.click(type);
    await user.click(await screen.findByRole('option', { name: 'Si/No' }));
    expect(within(dialog).queryByRole('switch', { name: 'Opción extra (Otro)' })).toBeNull();
  });

  it("enables 'Guardar' as the option limit is typed, before it loses focus", async () => {
    signInWith(ALL);
    const { user } = render();
    const frentes = await screen.findByRole('region', { name: 'Frentes' });
    await user.click(within(frentes).getByRole('button', { name: 'Editar pregunta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar pregunta' });
    await user.click(within(dialog).getByRole('button', { name: /Tipo/ }));
    await user.click(await screen.findByRole('option', { name: 'Número Máximo de Opciones' }));
    const save = within(dialog).getByRole('button', { name: 'Guardar' });
    await waitFor(() => expect(save).toBeDisabled());
    const limit = within(dialog).getByRole('textbox', { name: /Límite de opciones/ });
    await user.type(limit, '2');
    expect(limit).toHaveFocus();
    await waitFor(() => expect(save).toBeEnabled());
  });

  it('previews with the skip logic applied live and the running score', async () => {
    signInWith(ALL);
    const { user, api } = render();
    await user.click(await screen.findByRole('button', { name: 'Vista previa' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Vista previa: Auditoría de anaquel',
    });
    expect(within(dialog).getByText('0 de 40 puntos')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: /^No/ }));
    // 'Frentes' and 'Atención' are hidden; the maximum drops by their 20 points.
    expect(within(dialog).queryByRole('heading', { name: /Frentes/ })).toBeNull();
    expect(within(dialog).queryByRole('heading', { name: 'Atención' })).toBeNull();
    expect(within(dialog).getByText('0 de 20 puntos')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: /^Sí/ }));
    expect(within(dialog).getByText('10 de 40 puntos')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: /Frentes/ })).toBeInTheDocument();
    // Ranking scores once every option is placed.
    await user.click(within(dialog).getByRole('checkbox', { name: /Marca B/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Marca A/ }));
    expect(within(dialog).getByText('20 de 40 puntos')).toBeInTheDocument();
    // Nothing is saved: only the tree was read.
    expect(api.requests.every((r) => r.method === 'GET')).toBe(true);
  });
});
