import type { MultipleOptionRow, Survey } from '@anaquel/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { okEnvelope, page, stubApi } from '../../test/api-stub';
import {
  SCREEN_TEST_OPTIONS,
  renderScreen,
  signInWith,
} from '../../components/resource/testing/render-screen';
import MultipleOptionsPage from './multiple-options-page';
import SurveysPage from './surveys-page';

const option = (
  id: number,
  description: string,
  questionType: number,
  extra: Partial<MultipleOptionRow> = {},
): MultipleOptionRow => ({
  id,
  questionId: 1,
  questionDescription: 'Pregunta',
  questionType,
  surveyId: 1,
  surveyName: 'Auditoría',
  order: 0,
  description,
  points: 0,
  isOther: false,
  blurredSegmentIds: [],
  blurredQuestionIds: [],
  ...extra,
});

const survey: Survey = {
  id: 7,
  campaignId: 3,
  campaignName: 'Regreso a clases',
  type: 1,
  typeDescription: 'Punto de venta',
  name: 'Auditoría',
  description: null,
  points: 12.5,
  isActive: true,
  firstAnswerAt: null,
};

const noOptions = okEnvelope([]);

describe('survey lists', SCREEN_TEST_OPTIONS, () => {
  it('hides delete for the locked options: Si/No and Otro (spec 2 §5)', async () => {
    signInWith(['VIEW_MULTIPLEOPTIONS', 'UPDATE_MULTIPLEOPTIONS', 'DELETE_MULTIPLEOPTIONS']);
    stubApi({
      'GET /multipleoptions/paged': okEnvelope(
        page([
          option(1, 'Sí', 4),
          option(2, 'Cabecera', 5),
          option(3, 'Otro', 5, { isOther: true }),
          option(4, 'Marca A', 11),
        ]),
      ),
      'GET /campaigns/options': noOptions,
      'GET /surveys/options': noOptions,
      'GET /segments/options': noOptions,
      'GET /questions/options': noOptions,
    });
    renderScreen(<MultipleOptionsPage />, { path: '/multipleoptions' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Gestión de opciones múltiples' }),
    ).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Editar Cabecera (Pregunta)' });
    expect(screen.queryByRole('button', { name: 'Eliminar Sí (Pregunta)' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Eliminar Otro (Pregunta)' })).toBeNull();
    expect(
      screen.getByRole('button', { name: 'Eliminar Cabecera (Pregunta)' }),
    ).toBeInTheDocument();
    // Ranking options only lock their points: they can be deleted.
    expect(screen.getByRole('button', { name: 'Eliminar Marca A (Pregunta)' })).toBeInTheDocument();
    // The cascading filters: campaign, survey, segment, question, each a searchable combobox
    // of the paged options (issue 13).
    const filters = screen.getByRole('group', { name: 'Filtros' });
    for (const label of ['Campaña', 'Cuestionario', 'Segmento', 'Pregunta']) {
      expect(within(filters).getByRole('combobox', { name: label })).toBeInTheDocument();
    }
  });

  it("names each option's survey in a sortable 'Cuestionario' column (a survey and its copy)", async () => {
    signInWith(['VIEW_MULTIPLEOPTIONS']);
    const api = stubApi({
      'GET /multipleoptions/paged': okEnvelope(
        page([
          option(1, 'Roja', 5),
          option(2, 'Roja', 5, { surveyId: 2, surveyName: 'Auditoría (copia)' }),
        ]),
      ),
      'GET /campaigns/options': noOptions,
      'GET /surveys/options': noOptions,
      'GET /segments/options': noOptions,
      'GET /questions/options': noOptions,
    });
    const { user } = renderScreen(<MultipleOptionsPage />, { path: '/multipleoptions' });
    const header = await screen.findByRole('columnheader', { name: /^Cuestionario/ });
    const rows = await screen.findAllByRole('row', { name: /Roja/ });
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Auditoría',
      'Auditoría (copia)',
    ]);
    await user.click(within(header).getByRole('button'));
    await waitFor(() =>
      expect(
        api.requests.some(
          (r) =>
            r.path === '/multipleoptions/paged' && r.query.getAll('Sort').includes('surveyName'),
        ),
      ).toBe(true),
    );
  });

  it("lists 'Cuestionarios' with the designer link and duplicates one", async () => {
    signInWith(['VIEW_SURVEYS', 'CREATE_SURVEYS', 'VIEW_SEGMENTS']);
    const api = stubApi({
      'GET /surveys/paged': okEnvelope(page([survey])),
      'GET /campaigns/options': okEnvelope([{ id: 3, name: 'Regreso a clases', isActive: true }]),
      'POST /surveys/7/duplicate': okEnvelope({ ...survey, id: 8, name: 'Auditoría (copia)' }, 201),
    });
    const { user, router } = renderScreen(<SurveysPage />, { path: '/surveys' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Gestión de cuestionarios' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Diseñar Auditoría' })).toHaveAttribute(
      'href',
      '/surveys/7',
    );
    expect(screen.getByText('12.5')).toBeInTheDocument();
    // Only the lists the user may view.
    const lists = screen.getByRole('navigation', { name: 'Listas de cuestionarios' });
    expect(
      within(lists)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Segmentos']);

    await user.click(screen.getByRole('button', { name: 'Duplicar Auditoría' }));
    const dialog = await screen.findByRole('dialog', { name: 'Duplicar cuestionario' });
    expect(within(dialog).getByRole('textbox', { name: /Nombre/ })).toHaveValue(
      'Auditoría (copia)',
    );
    // The campaign is a combobox of the paged options, naming the survey's campaign.
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /Campaña/ })).toHaveValue(
        'Regreso a clases',
      ),
    );
    const duplicate = within(dialog).getByRole('button', { name: 'Duplicar' });
    await waitFor(() => expect(duplicate).toBeEnabled());
    await user.click(duplicate);
    expect(await screen.findByText('Cuestionario duplicado exitosamente.')).toBeInTheDocument();
    expect(api.requests.find((r) => r.path === '/surveys/7/duplicate')?.body).toEqual({
      campaignId: 3,
      name: 'Auditoría (copia)',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/surveys/8'));
  });
});
