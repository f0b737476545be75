import type { ImportReport } from '@anaquel/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { okEnvelope, page, stubApi, type Route, type Routes } from '../../test/api-stub';
import { renderScreen, signInWith } from '../../components/resource/testing/render-screen';
import PointsOfSalePage from './points-of-sale-page';

const report = (changes: Partial<ImportReport>): ImportReport => ({
  rows: 2,
  created: 1,
  updated: 0,
  unchanged: 0,
  errors: [],
  warnings: [],
  errorCount: 0,
  warningCount: 0,
  written: false,
  columns: [
    { header: 'Código', field: 'code', required: true },
    { header: 'Nombre', field: 'name', required: true },
  ],
  unmatchedHeaders: [],
  ...changes,
});

const withError = report({
  errors: [{ row: 3, column: 'Código postal', message: 'El código postal debe tener 5 dígitos' }],
  errorCount: 1,
});

function setup(permissions: string[], checks: ImportReport[] = []) {
  signInWith(permissions);
  const api = stubApi({
    'GET /pointofsales/paged': okEnvelope(page([])),
    'GET /states/options': okEnvelope([]),
    // The stub types path parameters as numbers: the resource's name is cast.
    ...({
      'POST /imports/pointofsales/check': () => okEnvelope(checks.shift()!),
      'POST /imports/pointofsales': okEnvelope(report({ created: 2, written: true })),
    } as Routes),
  });
  return { api, ...renderScreen(<PointsOfSalePage />, { path: '/points-of-sales' }) };
}

const csv = (name: string) => new File(['Código,Nombre\n'], name, { type: 'text/csv' });

describe('points of sale import dialog', () => {
  it('is offered only with both CREATE_ and UPDATE_', async () => {
    setup(['VIEW_POINTOFSALES', 'CREATE_POINTOFSALES']);
    expect(await screen.findByRole('button', { name: 'Agregar punto de venta' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Importar' })).toBeNull();
  });

  it('shows the dry run by row and column, and imports only a file without errors', async () => {
    const view = setup(
      ['VIEW_POINTOFSALES', 'CREATE_POINTOFSALES', 'UPDATE_POINTOFSALES'],
      [withError, report({})],
    );
    await view.user.click(await screen.findByRole('button', { name: 'Importar' }));
    const dialog = screen.getByRole('dialog', { name: 'Importar puntos de venta' });
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await view.user.upload(input, csv('puntos.csv'));
    const errors = await within(dialog).findByRole('table');
    expect(within(errors).getByRole('row', { name: /3 Código postal/ })).toHaveTextContent(
      'El código postal debe tener 5 dígitos',
    );
    const importButton = within(dialog).getByRole('button', { name: 'Importar' });
    expect(importButton).toBeDisabled();
    await view.user.upload(input, csv('corregido.csv'));
    await within(dialog).findByText('Sin errores: puedes importar el archivo.');
    await view.user.click(within(dialog).getByRole('button', { name: 'Importar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(view.api.to('POST /imports/pointofsales' as Route)).toHaveLength(1);
  });
});
