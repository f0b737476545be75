import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo, useState } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import { PencilIcon, PlusIcon, TrashIcon } from '../../icons';
import { Button } from '../button';
import { YesNo } from '../yes-no';
import { columnSizes, createDataTableColumnHelper } from './columns';
import { DataTable } from './DataTable';
import { resolveDataTableState, type DataTableState } from './data-table-state';

interface PointOfSale {
  id: number;
  code: string;
  name: string;
  state: string;
  zipCode: string;
  isActive: boolean;
}

const STATES = ['Jalisco', 'Nuevo León', 'Ciudad de México', 'Puebla', 'Yucatán', 'Querétaro'];
const CHAINS = ['Abarrotes', 'Farmacia', 'Súper', 'Tienda de conveniencia', 'Mercado'];
const STREETS = ['Juárez', 'Hidalgo', 'Morelos', 'Insurgentes', 'Reforma', 'Madero', 'Allende'];

function pointsOfSale(count: number): PointOfSale[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    code: `PDV-${String(i + 1).padStart(4, '0')}`,
    name: `${CHAINS[i % CHAINS.length]} ${STREETS[i % STREETS.length]} ${Math.floor(i / 7) + 1}`,
    state: STATES[i % STATES.length]!,
    zipCode: String(44100 + ((i * 37) % 9000)).padStart(5, '0'),
    isActive: i % 5 !== 3,
  }));
}

const col = createDataTableColumnHelper<PointOfSale>();
const columns = col.columns([
  col.accessor('code', { header: 'Código' }),
  col.accessor('name', { header: 'Nombre', ...columnSizes.text }),
  col.accessor('state', { header: 'Estado', ...columnSizes.text }),
  col.accessor('zipCode', { header: 'Código postal', size: 130 }),
  col.accessor('isActive', {
    header: 'Activo',
    ...columnSizes.flag,
    meta: { align: 'center' },
    cell: (c) => <YesNo value={c.getValue()} />,
  }),
]);

/** What the API does with Filter, Sort, Page and PageSize, done in memory. */
function queryPage(rows: PointOfSale[], state: DataTableState) {
  const filter = state.filter.toLocaleLowerCase('es-MX');
  const filtered = filter
    ? rows.filter((r) =>
        `${r.code} ${r.name} ${r.state}`.toLocaleLowerCase('es-MX').includes(filter),
      )
    : rows;
  const sorted = [...filtered].sort((a, b) => {
    for (const { id, desc } of state.sorting) {
      const key = id as keyof PointOfSale;
      const order = String(a[key]).localeCompare(String(b[key]), 'es-MX', { numeric: true });
      if (order !== 0) return desc ? -order : order;
    }
    return 0;
  });
  const start = state.pageIndex * state.pageSize;
  return { rows: sorted.slice(start, start + state.pageSize), totalCount: filtered.length };
}

interface ServerTableProps {
  /** Rows the fake server holds. */
  rows: PointOfSale[];
  /** Spy receiving each state the table emits. */
  onStateChange: (state: DataTableState) => void;
  /** Initial table state. */
  initial?: Partial<DataTableState>;
  /** Adds edit/delete row actions. */
  withActions?: boolean;
}

function ServerTable({ rows, onStateChange, initial, withActions }: ServerTableProps) {
  const [state, setState] = useState(() => resolveDataTableState(initial));
  const page = useMemo(() => queryPage(rows, state), [rows, state]);
  return (
    <DataTable<PointOfSale>
      label="Puntos de venta"
      columns={columns}
      data={page.rows}
      totalCount={page.totalCount}
      state={state}
      onStateChange={(next) => {
        onStateChange(next);
        setState(next);
      }}
      toolbar={
        <Button size="sm">
          <PlusIcon className="size-4" />
          Agregar
        </Button>
      }
      rowActions={
        withActions
          ? (row) => (
              <>
                <Button variant="icon" size="sm" aria-label={`Editar ${row.name}`}>
                  <PencilIcon className="size-4" />
                </Button>
                <Button variant="icon" size="sm" aria-label={`Eliminar ${row.name}`}>
                  <TrashIcon className="size-4 text-danger" />
                </Button>
              </>
            )
          : undefined
      }
    />
  );
}

const meta = {
  title: 'Componentes/DataTable',
  component: ServerTable,
  args: { rows: pointsOfSale(42), onStateChange: fn() },
} satisfies Meta<typeof ServerTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('table', { name: 'Puntos de venta' })).toBeVisible();
    await expect(canvas.getByText('Mostrando 1–10 de 42')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Página siguiente' }));
    await expect(args.onStateChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ pageIndex: 1 }),
    );
    await expect(canvas.getByText('Mostrando 11–20 de 42')).toBeVisible();
  },
};

/** Clicking a header sorts ascending, a second click descending ('-' prefix for the API). */
export const Sorting: Story = {
  args: { initial: { pageIndex: 2 } },
  play: async ({ canvas, userEvent, args }) => {
    const header = canvas.getByRole('columnheader', { name: 'Nombre' });
    const button = canvas.getByRole('button', { name: 'Nombre' });
    await userEvent.click(button);
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(button);
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    const last = (args.onStateChange as ReturnType<typeof fn>).mock.lastCall?.[0] as DataTableState;
    await expect(last.sorting).toEqual([{ id: 'name', desc: true }]);
    await expect(last.pageIndex).toBe(0);
  },
};

/** The search is sent once, 500 ms after the last keystroke. */
export const Search: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const spy = args.onStateChange as ReturnType<typeof fn>;
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Buscar' }), 'farmacia');
    await expect(spy).not.toHaveBeenCalled();
    await waitFor(() => expect(spy).toHaveBeenCalledTimes(1), { timeout: 2000 });
    await expect(spy).toHaveBeenLastCalledWith(
      expect.objectContaining({ filter: 'farmacia', pageIndex: 0 }),
    );
    await new Promise((resolve) => setTimeout(resolve, 700));
    await expect(spy).toHaveBeenCalledTimes(1);
    await expect(canvas.getByText('Mostrando 1–9 de 9')).toBeVisible();
  },
};

/** Changing the page size goes back to the first page. */
export const PageSize: Story = {
  args: { initial: { pageIndex: 3 } },
  play: async ({ canvas, canvasElement, userEvent, args }) => {
    await userEvent.click(await canvas.findByRole('button', { name: /Registros por página/ }));
    const body = canvasElement.ownerDocument.body;
    const option = await waitFor(() => {
      const found = [...body.querySelectorAll('[role="option"]')].find(
        (o) => o.textContent === '20',
      );
      if (!found) throw new Error('option 20 not shown');
      return found;
    });
    await userEvent.click(option);
    await expect(args.onStateChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ pageIndex: 0, pageSize: 20 }),
    );
    await expect(canvas.getByText('Mostrando 1–20 de 42')).toBeVisible();
  },
};

export const Loading: Story = {
  render: () => (
    <DataTable<PointOfSale>
      label="Puntos de venta"
      columns={columns}
      data={undefined}
      totalCount={0}
      onStateChange={() => {}}
      isLoading
    />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table', { name: 'Puntos de venta' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No se encontraron registros.')).toBeVisible();
  },
};

export const LoadError: Story = {
  render: () => (
    <DataTable<PointOfSale>
      label="Puntos de venta"
      columns={columns}
      data={undefined}
      totalCount={0}
      onStateChange={() => {}}
      isError
      onRetry={fn()}
    />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Error al cargar los datos.');
    await expect(canvas.getByRole('button', { name: 'Reintentar' })).toBeEnabled();
  },
};

export const ManyPages: Story = {
  args: { rows: pointsOfSale(2480), initial: { pageIndex: 40, pageSize: 30 } },
};

const longRows = pointsOfSale(12).map((row, i) => ({
  ...row,
  name:
    i % 2 === 0
      ? `${row.name} — Sucursal de atención a mayoristas y distribuidores autorizados de la región occidente`
      : row.name,
  state: i % 3 === 0 ? 'Veracruz de Ignacio de la Llave' : row.state,
}));

export const LongSpanishText: Story = {
  args: { rows: longRows },
};

export const MobileWidth: Story = {
  args: { withActions: true },
  decorators: [
    (Story) => (
      <div style={{ width: 360 }}>
        <Story />
      </div>
    ),
  ],
};

export const WithRowActions: Story = {
  args: { withActions: true, rows: pointsOfSale(8) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('columnheader', { name: 'Acciones' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Editar Abarrotes Juárez 1' })).toBeVisible();
  },
};

export const Fetching: Story = {
  render: () => (
    <DataTable<PointOfSale>
      label="Puntos de venta"
      columns={columns}
      data={pointsOfSale(10)}
      totalCount={42}
      onStateChange={() => {}}
      isFetching
    />
  ),
};

export const Dark: Story = {
  args: { withActions: true, initial: { sorting: [{ id: 'name', desc: true }] } },
  globals: { theme: 'dark' },
};
