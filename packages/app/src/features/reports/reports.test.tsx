import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi, okEnvelope } from '../../test/api-stub';
import {
  SCREEN_TEST_OPTIONS,
  renderScreen,
  signInWith,
} from '../../components/resource/testing/render-screen';
import { formatBytes } from '../../lib/download';
import {
  CAMPAIGN_REQUIRED,
  END_BEFORE_START,
  END_REQUIRED,
  START_REQUIRED,
  SURVEY_REQUIRED,
  exportSchema,
} from './export-schema';
import ProductSurveyExportPage from './product-survey-export-page';

const messages = (values: unknown) => {
  const result = exportSchema.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('export form rules (spec 1 §5)', () => {
  it('requires campaign, survey and both dates with the spec messages', () => {
    expect(messages({ campaignId: null, surveyId: null, startDate: null, endDate: null })).toEqual({
      campaignId: CAMPAIGN_REQUIRED,
      surveyId: SURVEY_REQUIRED,
      startDate: START_REQUIRED,
      endDate: END_REQUIRED,
    });
    expect(CAMPAIGN_REQUIRED).toBe('La campaña es obligatoria');
    expect(SURVEY_REQUIRED).toBe('El cuestionario es obligatorio');
    expect(START_REQUIRED).toBe('La fecha de inicio es obligatoria');
  });

  it('refuses an end before the start, accepts the same day', () => {
    expect(
      messages({ campaignId: 1, surveyId: 2, startDate: '2026-11-10', endDate: '2026-11-09' }),
    ).toEqual({ endDate: 'La fecha de fin no puede ser anterior a la fecha de inicio' });
    expect(END_BEFORE_START).toBe('La fecha de fin no puede ser anterior a la fecha de inicio');
    // Shown even while the selectors are still empty.
    expect(
      messages({ campaignId: null, surveyId: null, startDate: '2026-11-10', endDate: '2026-11-01' })
        .endDate,
    ).toBe(END_BEFORE_START);
    expect(
      messages({ campaignId: 1, surveyId: 2, startDate: '2026-11-10', endDate: '2026-11-10' }),
    ).toEqual({});
  });
});

// The file name and the failure reading of the download are tested with it in @anaquel/api.
describe('export download helpers (spec 1 §7, §8)', () => {
  it('shows the bytes received', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
  });
});

describe('/reports/product-surveys', SCREEN_TEST_OPTIONS, () => {
  it('shows the form with the survey disabled until a campaign is chosen', async () => {
    signInWith(['VIEW_CHECKINS']);
    const api = stubApi({
      'GET /campaigns/options': okEnvelope([{ id: 1, name: 'Verano', isActive: true }]),
    });
    renderScreen(<ProductSurveyExportPage />, {
      path: '/reports/product-surveys',
      pattern: '/reports/product-surveys',
    });
    expect(
      await screen.findByRole('heading', { name: 'Exportación de Reportes' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Cuestionario/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeDisabled();
    expect(api.requests.some((r) => r.path === '/surveys')).toBe(false);
  });

  it('clears a chosen survey when the campaign changes and says it is missing', async () => {
    signInWith(['VIEW_CHECKINS']);
    stubApi({
      'GET /campaigns/options': okEnvelope([
        { id: 1, name: 'Verano', isActive: true },
        { id: 2, name: 'Invierno', isActive: true },
      ]),
      // Invierno has no product survey: the list it gets is empty.
      'GET /surveys': (request) =>
        okEnvelope(
          request.query.get('campaignId') === '1'
            ? [
                {
                  id: 10,
                  campaignId: 1,
                  type: 2,
                  typeDescription: 'Producto',
                  name: 'Anaquel de verano',
                  points: 10,
                  isActive: true,
                },
              ]
            : [],
        ),
    });
    const { user } = renderScreen(<ProductSurveyExportPage />, {
      path: '/reports/product-surveys',
      pattern: '/reports/product-surveys',
    });
    const campaign = await screen.findByRole('combobox', { name: 'Campaña' });
    await user.type(campaign, 'Ver');
    await user.click(await screen.findByRole('option', { name: 'Verano' }));
    const survey = screen.getByRole('button', { name: /Cuestionario$/ });
    await waitFor(() => expect(survey).toBeEnabled());
    await user.click(survey);
    await user.click(await screen.findByRole('option', { name: 'Anaquel de verano' }));
    await waitFor(() => expect(survey).toHaveAccessibleName('Anaquel de verano Cuestionario'));
    expect(screen.queryByText(SURVEY_REQUIRED)).toBeNull();

    await user.clear(campaign);
    await user.type(campaign, 'Inv');
    await user.click(await screen.findByRole('option', { name: 'Invierno' }));
    await waitFor(() =>
      expect(survey).toHaveAccessibleName('Seleccione un cuestionario Cuestionario'),
    );
    expect(await screen.findByText(SURVEY_REQUIRED)).toBeInTheDocument();
  });
});
