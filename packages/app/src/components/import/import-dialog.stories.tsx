import type { ImportReport } from '@anaquel/api';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from 'react-aria-components';
import { expect, screen, userEvent, within } from 'storybook/test';
import { ImportDialog } from './import-dialog';
import { ImportProgress } from './import-progress';

// Issue #23: the import dialog after a dry run with problems (a header to map, errors by row and
// column, the report as an .xlsx), light and dark; and the progress of the rows checked of the
// file's on a 375 px phone. Each story is a test: what a person sees, then axe with no violation.

const report: ImportReport = {
  columns: [
    { header: 'Código', field: 'code', required: true },
    { header: 'Nombre', field: 'name', required: true },
    { header: 'Código postal', field: 'zipCode', required: true },
  ],
  unmatchedHeaders: ['Tienda'],
  rows: 50,
  created: 46,
  updated: 2,
  unchanged: 0,
  errors: [
    { row: 3, column: 'Nombre', message: 'El nombre debe tener al menos 3 caracteres' },
    { row: 3, column: 'Código postal', message: 'El código postal debe tener 5 dígitos' },
    { row: 4, column: 'Código', message: 'El código se repite en la fila 2.' },
  ],
  warnings: [
    {
      row: 7,
      column: 'Municipio',
      message: 'El municipio no coincide con el catálogo de códigos postales (Coyoacán).',
    },
  ],
  errorCount: 3,
  warningCount: 1,
  written: false,
};

const providers: Decorator = (Story) => (
  <QueryClientProvider client={new QueryClient()}>
    <I18nProvider locale="es-MX">
      <Story />
    </I18nProvider>
  </QueryClientProvider>
);

const meta = {
  title: 'Componentes/Importar',
  component: ImportDialog,
  decorators: [providers],
  args: {
    title: 'Importar puntos de venta',
    fileName: 'puntos_de_venta',
    calls: {
      check: () => Promise.resolve(report),
      run: () => Promise.resolve({ ...report, written: true }),
      errorReport: () => Promise.resolve(new Blob()),
    },
    template: () => Promise.resolve(new Blob()),
    doneMessage: () => 'Importación terminada.',
    intro:
      'Descarga la plantilla, llénala y súbela (.xlsx o .csv). Primero revisamos el archivo; solo se guarda cuando no tiene errores, todo o nada.',
    onClose: () => undefined,
  },
} satisfies Meta<typeof ImportDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The dry run found problems: the header to map, the counts, the errors, the .xlsx report. */
export const ConErrores: Story = {
  name: 'Revisión con errores',
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Importar puntos de venta' });
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File(['Código,Tienda\n'], 'puntos.csv'));
    const view = within(dialog);
    await expect(await view.findByText('El código se repite en la fila 2.')).toBeVisible();
    await expect(view.getByRole('button', { name: 'Descargar errores (.xlsx)' })).toBeVisible();
    await expect(view.getByRole('button', { name: 'Importar' })).toBeDisabled();
  },
};

export const ConErroresOscuro: Story = { ...ConErrores, globals: { theme: 'dark' } };

const phone: Decorator = (Story) => (
  <div style={{ width: 375 }} className="bg-page p-4">
    <Story />
  </div>
);

/** The server at row 12,000 of 100,000 (the bar is the rows checked of the file's). */
export const Progreso: StoryObj<typeof ImportProgress> = {
  name: 'Progreso en un teléfono',
  render: () => (
    <ImportProgress
      phase="writing"
      progress={1}
      writes
      server={{ running: true, rows: 12000, total: 100000 }}
    />
  ),
  decorators: [phone],
  play: async ({ canvasElement }) => {
    const label = 'Revisando y guardando la fila 12,000 de 100,000 (12 %)';
    const bar = within(canvasElement).getByRole('progressbar', { name: label });
    await expect(bar).toHaveAttribute('aria-valuenow', '12');
  },
};

export const ProgresoOscuro: StoryObj<typeof ImportProgress> = {
  ...Progreso,
  globals: { theme: 'dark' },
};
