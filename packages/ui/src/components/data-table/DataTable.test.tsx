import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { columnSizes, createDataTableColumnHelper } from './columns';
import { DataTable, type DataTableProps } from './DataTable';
import { resolveDataTableState, type DataTableState } from './data-table-state';
import { tableMenus } from './parts';

interface Brand {
  id: number;
  code: string;
  name: string;
  isActive: boolean;
}

const brands: Brand[] = Array.from({ length: 10 }, (_, i) => ({
  id: i + 1,
  code: `MAR-${String(i + 1).padStart(3, '0')}`,
  name: `Marca ${i + 1}`,
  isActive: i % 2 === 0,
}));

const col = createDataTableColumnHelper<Brand>();
const columns = col.columns([
  col.accessor('code', { header: 'Código' }),
  col.accessor('name', { header: 'Nombre', ...columnSizes.text }),
  col.accessor('isActive', {
    header: 'Activo',
    ...columnSizes.flag,
    cell: (c) => (c.getValue() ? 'Sí' : 'No'),
  }),
]);

type HarnessProps = Partial<DataTableProps<Brand>> & {
  initial?: Partial<DataTableState>;
  onChange?: (state: DataTableState) => void;
};

/** Owns the state like a screen does and reports every change. */
function Harness({ initial, onChange, ...props }: HarnessProps) {
  const [state, setState] = useState(() => resolveDataTableState(initial));
  return (
    <DataTable<Brand>
      label="Marcas"
      columns={columns}
      data={brands}
      totalCount={42}
      {...props}
      state={state}
      onStateChange={(next) => {
        onChange?.(next);
        setState(next);
      }}
    />
  );
}

/** The menus are fetched and rendered as a transition once the rows are there: slow when busy. */
const MENUS_LOADED = { timeout: 10_000 };

afterEach(() => {
  vi.useRealTimers();
});

// Interaction tests are slow in jsdom when the machine is busy.
describe('DataTable', { timeout: 20_000 }, () => {
  it('leaves its rows alone when its screen renders again with the same props', () => {
    const cell = vi.fn((value: string) => value);
    const counted = col.columns([
      col.accessor('name', { header: 'Nombre', cell: (c) => cell(c.getValue()) }),
    ]);
    const onStateChange = vi.fn();
    const state = resolveDataTableState({});
    /** A screen that renders again for something the table does not show (a router update). */
    function Screen({ tick, rows = brands }: { tick: number; rows?: Brand[] }) {
      return (
        <>
          <p>Render {tick}</p>
          <DataTable<Brand>
            label="Marcas"
            columns={counted}
            data={rows}
            totalCount={10}
            state={state}
            onStateChange={onStateChange}
          />
        </>
      );
    }
    const { rerender } = render(<Screen tick={1} />);
    const firstRender = cell.mock.calls.length;
    expect(firstRender).toBeGreaterThanOrEqual(brands.length);
    rerender(<Screen tick={2} />);
    expect(screen.getByText('Render 2')).toBeInTheDocument();
    expect(cell).toHaveBeenCalledTimes(firstRender);
    // Other rows do render.
    rerender(<Screen tick={3} rows={brands.slice(0, 3)} />);
    expect(cell).toHaveBeenCalledTimes(firstRender + 3);
    expect(screen.getAllByRole('row')).toHaveLength(3 + 1);
  });

  it('renders a captioned table with column headers, rows and totals', () => {
    render(<Harness />);
    const table = screen.getByRole('table', { name: 'Marcas' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Código', 'Nombre', 'Activo']);
    headers.forEach((h) => expect(h).toHaveAttribute('scope', 'col'));
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getByRole('cell', { name: 'Marca 3' })).toBeInTheDocument();
    expect(screen.getByText('Mostrando 1–10 de 42')).toBeInTheDocument();
  });

  it('sorts ascending, then descending, through the header button and resets the page', async () => {
    const onChange = vi.fn();
    render(<Harness initial={{ pageIndex: 2 }} onChange={onChange} />);
    const nameHeader = screen.getByRole('columnheader', { name: 'Nombre' });
    expect(nameHeader).not.toHaveAttribute('aria-sort');

    await userEvent.click(within(nameHeader).getByRole('button', { name: 'Nombre' }));
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ pageIndex: 0, sorting: [{ id: 'name', desc: false }] }),
    );
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');

    await userEvent.click(within(nameHeader).getByRole('button', { name: 'Nombre' }));
    const last = onChange.mock.lastCall?.[0] as DataTableState;
    expect(last.sorting).toEqual([{ id: 'name', desc: true }]);
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  });

  it('sorts from the keyboard', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const button = within(screen.getByRole('columnheader', { name: 'Código' })).getByRole('button');
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ sorting: [{ id: 'code', desc: false }] }),
    );
  });

  it('emits the search once, 500 ms after the last keystroke, trimmed and on the first page', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    render(<Harness initial={{ pageIndex: 3 }} onChange={onChange} />);
    const search = screen.getByRole('searchbox', { name: 'Buscar' });

    // Keystrokes 300 ms apart keep restarting the 500 ms wait.
    for (const text of [' M', ' Ma', ' Mar', ' Marca 1 ']) {
      fireEvent.change(search, { target: { value: text } });
      act(() => vi.advanceTimersByTime(300));
    }
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(199));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(
      expect.objectContaining({ filter: 'Marca 1', pageIndex: 0 }),
    );
    expect(search).toHaveValue(' Marca 1 ');

    // Trailing spaces alone do not change the filter, so nothing is emitted.
    fireEvent.change(search, { target: { value: ' Marca 1  ' } });
    act(() => vi.advanceTimersByTime(1000));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('clears the search at once with Escape', async () => {
    const onChange = vi.fn();
    render(<Harness initial={{ filter: 'Marca' }} onChange={onChange} />);
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    expect(search).toHaveValue('Marca');
    search.focus();
    await userEvent.keyboard('{Escape}');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ filter: '' }));
  });

  it('shows its menus once the rows are there, in placeholders of their size until then (issue #20)', async () => {
    // A first load: the menus' module not fetched yet in this page.
    tableMenus.loaded = null;
    const { rerender } = render(<Harness data={undefined} isLoading />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(screen.queryByRole('button', { name: 'Columnas' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Registros por página/ })).not.toBeInTheDocument();
    expect(screen.getByText('Columnas').closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.getByText('Registros por página').closest('[aria-hidden="true"]')).not.toBeNull();

    rerender(<Harness />);
    const columns = await screen.findByRole('button', { name: 'Columnas' }, MENUS_LOADED);
    expect(columns).toHaveAttribute('aria-haspopup', 'true');
    // The page size's select mounts in the turn after the menu's (one commit each).
    expect(
      await screen.findByRole('button', { name: /Registros por página/ }, MENUS_LOADED),
    ).toHaveTextContent('10');
    expect(screen.getAllByText('Columnas')).toHaveLength(1);
  });

  it('changes the page size and goes back to the first page', async () => {
    const onChange = vi.fn();
    render(<Harness initial={{ pageIndex: 3 }} onChange={onChange} />);
    await userEvent.click(
      await screen.findByRole('button', { name: /Registros por página/ }, MENUS_LOADED),
    );
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['10', '20', '30', '50']);
    await userEvent.click(screen.getByRole('option', { name: '20' }));
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ pageIndex: 0, pageSize: 20 }),
    );
  });

  it('offers the current page size when it is not a standard one', async () => {
    render(<Harness initial={{ pageSize: 25 }} totalCount={100} />);
    await userEvent.click(
      await screen.findByRole('button', { name: /Registros por página/ }, MENUS_LOADED),
    );
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      '10',
      '20',
      '25',
      '30',
      '50',
    ]);
  });

  it('pages through the Pagination controls', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ pageIndex: 1 }));
    expect(screen.getByRole('button', { name: 'Página 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByText('Mostrando 11–20 de 42')).toBeInTheDocument();
  });

  it('moves to the last page when the current one no longer exists', () => {
    const onChange = vi.fn();
    render(<Harness initial={{ pageIndex: 7 }} onChange={onChange} />);
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ pageIndex: 4 }));
  });

  it('shows skeleton rows and marks the table busy while loading', () => {
    render(<Harness data={undefined} isLoading />);
    const table = screen.getByRole('table', { name: 'Marcas' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('cell', { name: 'Marca 1' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Cargando datos…');
  });

  it('shows the default and a custom empty message', () => {
    const { rerender } = render(<Harness data={[]} totalCount={0} />);
    expect(screen.getByText('No se encontraron registros.')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 0 de 0')).toBeInTheDocument();
    rerender(<Harness data={[]} totalCount={0} emptyMessage="Sin marcas registradas." />);
    expect(screen.getByText('Sin marcas registradas.')).toBeInTheDocument();
  });

  it('shows the load error with a retry button', async () => {
    const onRetry = vi.fn();
    render(<Harness data={undefined} isError onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Error al cargar los datos.');
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('adds a pinned "Acciones" column rendering each row\'s actions', async () => {
    const onEdit = vi.fn();
    render(
      <Harness
        rowActions={(brand) => (
          <button type="button" onClick={() => onEdit(brand.id)}>
            Editar {brand.name}
          </button>
        )}
      />,
    );
    const actionsHeader = screen.getByRole('columnheader', { name: 'Acciones' });
    expect(
      actionsHeader.style.position === 'sticky' || actionsHeader.className.includes('sticky'),
    ).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Editar Marca 4' }));
    expect(onEdit).toHaveBeenCalledWith(4);
  });

  it('hides and pins columns from the "Columnas" menu', async () => {
    render(<Harness rowActions={() => null} />);
    const headerNames = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
    await userEvent.click(await screen.findByRole('button', { name: 'Columnas' }, MENUS_LOADED));
    let menu = screen.getByRole('menu', { name: 'Columnas' });
    // The actions column can be neither hidden nor pinned.
    expect(
      within(menu).queryByRole('menuitemcheckbox', { name: 'Acciones' }),
    ).not.toBeInTheDocument();
    const [showCode] = within(menu).getAllByRole('menuitemcheckbox', { name: 'Código' });
    expect(showCode).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(showCode!);
    expect(showCode).toHaveAttribute('aria-checked', 'false');
    await userEvent.keyboard('{Escape}');
    expect(headerNames()).toEqual(['Nombre', 'Activo', 'Acciones']);

    await userEvent.click(screen.getByRole('button', { name: 'Columnas' }));
    menu = screen.getByRole('menu', { name: 'Columnas' });
    const [, pinActive] = within(menu).getAllByRole('menuitemcheckbox', { name: 'Activo' });
    expect(pinActive).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(pinActive!);
    expect(pinActive).toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard('{Escape}');
    expect(headerNames()).toEqual(['Activo', 'Nombre', 'Acciones']);
  });

  it('resizes a column from the keyboard within its limits', async () => {
    render(<Harness />);
    const handle = screen.getByRole('separator', { name: 'Ancho de la columna Nombre' });
    expect(handle).toHaveAttribute('aria-valuenow', '200');
    handle.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(handle).toHaveAttribute('aria-valuenow', '220');
    await userEvent.keyboard('{End}');
    expect(handle).toHaveAttribute('aria-valuenow', '300');
    await userEvent.keyboard('{Home}');
    expect(handle).toHaveAttribute('aria-valuenow', '150');
    // Flag columns have a fixed width.
    expect(
      screen.queryByRole('separator', { name: 'Ancho de la columna Activo' }),
    ).not.toBeInTheDocument();
  });
});
