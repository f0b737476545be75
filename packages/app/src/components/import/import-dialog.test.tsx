import type { ImportReport, ImportUpload } from '@anaquel/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { okEnvelope, stubApi, type Routes } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render';
import { ImportDialog, type ProgressSource } from './import-dialog';
import type { ImportCalls } from './use-import-run';

// The shared import dialog (docs/import.md): a header mapped by hand goes with the next dry run,
// 'Cancelar' aborts the running step, the report comes as an .xlsx.

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const report = (changes: Partial<ImportReport>): ImportReport => ({
  rows: 1,
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

const missingName = report({
  rows: 0,
  created: 0,
  unmatchedHeaders: ['Tienda'],
  errors: [{ row: 1, column: 'Nombre', message: 'Falta la columna "Nombre".' }],
  errorCount: 1,
});

function open(calls: ImportCalls, progress?: ProgressSource) {
  renderWithProviders(
    <ImportDialog
      title="Importar clientes"
      fileName="clientes"
      calls={calls}
      progress={progress}
      template={() => Promise.resolve(new Blob())}
      doneMessage={() => 'Hecho'}
      intro="Sube el archivo."
      onClose={() => {}}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Importar clientes' });
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
  return { dialog, input, user: userEvent.setup() };
}

const csv = () => new File(['Código,Tienda\n'], 'clientes.csv', { type: 'text/csv' });

describe('import dialog', () => {
  it('sends a header mapped by hand with the next dry run', { timeout: 30_000 }, async () => {
    const check = vi
      .fn<(upload: ImportUpload) => Promise<ImportReport>>()
      .mockResolvedValueOnce(missingName)
      .mockResolvedValueOnce(report({}));
    const { dialog, input, user } = open({ check, run: vi.fn() });
    await user.upload(input, csv());
    expect(await within(dialog).findByText('Falta la columna "Nombre".')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: /Columna "Tienda" del archivo/ }));
    await user.click(await screen.findByRole('option', { name: 'Nombre (obligatoria)' }));
    await within(dialog).findByText('Sin errores: puedes importar el archivo.');
    expect(check).toHaveBeenCalledTimes(2);
    expect(check.mock.calls[1]![0].mapping).toEqual({ Tienda: 'name' });
    expect(within(dialog).getByRole('button', { name: 'Importar' })).toBeEnabled();
  });

  it("'Cancelar' aborts the running dry run", { timeout: 30_000 }, async () => {
    const check = vi.fn(
      (upload: ImportUpload) =>
        new Promise<ImportReport>((_, reject) => {
          upload.signal!.addEventListener('abort', () =>
            reject(new DOMException('cancelled', 'AbortError')),
          );
        }),
    );
    const { dialog, input, user } = open({ check, run: vi.fn() });
    await user.upload(input, csv());
    expect(await within(dialog).findByText('Subiendo el archivo…')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Importación cancelada: no se guardó nada.',
    );
    expect(check.mock.calls[0]![0].signal!.aborted).toBe(true);
  });

  it('downloads the report with its Errores column', { timeout: 30_000 }, async () => {
    const errorReport = vi.fn(() => Promise.resolve(new Blob(['x'])));
    const createObjectURL = vi.fn(() => 'blob:report');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const withError = report({
      errors: [{ row: 2, column: 'RFC', message: 'El RFC es obligatorio' }],
      errorCount: 1,
    });
    const { dialog, input, user } = open({
      check: () => Promise.resolve(withError),
      run: vi.fn(),
      errorReport,
    });
    await user.upload(input, csv());
    await user.click(
      await within(dialog).findByRole('button', { name: 'Descargar errores (.xlsx)' }),
    );
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(errorReport).toHaveBeenCalledWith({ file: expect.any(File), mapping: {} });
  });

  /** A dry run whose bytes are sent and whose answer never comes. */
  const working = vi.fn((upload: ImportUpload) => {
    upload.onProgress!(1);
    return new Promise<ImportReport>(() => {});
  });

  it(
    'shows the row the server is at of the rows the file holds, as a bar',
    { timeout: 30_000 },
    async () => {
      stubApi({
        // The stub types path parameters as numbers: the resource's name is cast.
        ...({
          'GET /imports/clients/progress': okEnvelope({
            running: true,
            rows: 12000,
            total: 100000,
          }),
        } as Routes),
      });
      const { dialog, input, user } = open(
        { check: working, run: vi.fn() },
        { resource: 'clients' },
      );
      await user.upload(input, csv());
      const label = 'Revisando la fila 12,000 de 100,000 (12 %)';
      expect(await within(dialog).findByText(label)).toBeVisible();
      const bar = within(dialog).getByRole('progressbar', { name: label });
      expect(bar).toHaveAttribute('aria-valuenow', '12');
    },
  );

  it("shows a relation's progress, and the rows alone when the total is unknown", async () => {
    stubApi({
      ...({
        'GET /imports/relations/campaign-pointofsales/7/progress': okEnvelope({
          running: true,
          rows: 500,
          total: null,
        }),
      } as Routes),
    });
    const { dialog, input, user } = open(
      { check: working, run: vi.fn() },
      { relation: 'campaign-pointofsales', ownerId: 7 },
    );
    await user.upload(input, csv());
    expect(await within(dialog).findByText('Revisando las filas: 500 revisadas')).toBeVisible();
    expect(within(dialog).getByRole('progressbar')).not.toHaveAttribute('aria-valuenow');
  });
});
