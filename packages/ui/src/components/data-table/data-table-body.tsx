import type { Column, Row, RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Button } from '../button';
import { EmptyState } from '../empty-state';
import type { DataTableFeatures } from './columns';
import { cellStyles, columnStyle, pinnedOf } from './header-cell';
import type { DataTableInstance } from './use-data-table';

type Pinnable = { column: { getIsPinned: () => false | 'start' | 'end' } };

/**
 * Renders the cells of a row with a spacer cell before the right-pinned ones: the spacer absorbs
 * spare width, so model widths (and the sticky offsets computed from them) match the rendered
 * widths.
 */
export function withSpacer<T extends Pinnable>(
  items: T[],
  render: (item: T) => ReactNode,
  spacer: ReactNode,
): ReactNode[] {
  const endIndex = items.findIndex((item) => item.column.getIsPinned() === 'end');
  const out = items.map(render);
  out.splice(endIndex === -1 ? out.length : endIndex, 0, spacer);
  return out;
}

/** One row of a single cell spanning every column (error, empty). */
function WideRow({
  span,
  className,
  children,
}: {
  span: number;
  className: string;
  children: ReactNode;
}) {
  return (
    <tr>
      <td colSpan={span} className={className}>
        {children}
      </td>
    </tr>
  );
}

/** Skeleton rows while the first page loads (at most 10). */
function SkeletonRows<TData extends RowData>({
  columns,
  count,
}: {
  columns: Column<DataTableFeatures, TData, unknown>[];
  count: number;
}) {
  const cells = columns.map((column) => ({
    column,
    style: columnStyle(column),
    className: cellStyles({ pinned: pinnedOf(column) }),
  }));
  return Array.from({ length: Math.min(count, 10) }, (_, i) => (
    <tr key={`skeleton-${i}`} aria-hidden="true">
      {withSpacer(
        cells,
        ({ column, style, className }) => (
          <td key={column.id} style={style} className={className}>
            <div className="h-4 w-3/4 animate-pulse rounded bg-surface-muted" />
          </td>
        ),
        <td key="__spacer" className="border-b border-border" />,
      )}
    </tr>
  ));
}

/** The rows of the page, each cell rendered by its column definition. */
function DataRows<TData extends RowData>({
  table,
  rows,
}: {
  table: DataTableInstance<TData>;
  rows: Row<DataTableFeatures, TData>[];
}) {
  // A column's style and classes are the same in every row: worked out once per column, not per
  // cell (the class merge and the sticky offsets were a visible share of a page's render).
  const looks = new Map(
    table.getVisibleLeafColumns().map((column) => [
      column.id,
      {
        style: columnStyle(column),
        className: cellStyles({
          pinned: pinnedOf(column),
          align: column.columnDef.meta?.align ?? 'start',
          className: 'overflow-hidden text-sm text-fg group-hover/row:bg-surface-muted',
        }),
      },
    ]),
  );
  return rows.map((row) => (
    <tr key={row.id} className="group/row">
      {withSpacer(
        row.getVisibleCells(),
        (cell) => (
          <td key={cell.id} {...looks.get(cell.column.id)}>
            <table.FlexRender cell={cell} />
          </td>
        ),
        <td
          key="__spacer"
          aria-hidden="true"
          className="border-b border-border group-hover/row:bg-surface-muted"
        />,
      )}
    </tr>
  ));
}

/** What the body shows: the page's rows and the load state. */
interface DataTableBodyProps<TData extends RowData> {
  table: DataTableInstance<TData>;
  pageSize: number;
  isLoading: boolean;
  isError: boolean;
  /** The error text with its retry, and the text of an empty page. */
  messages: { errorMessage: ReactNode; onRetry?: () => void; emptyMessage: ReactNode };
}

/** The `<tbody>` of a DataTable; first match wins: the error, skeleton rows, the empty text, the rows. */
export function DataTableBody<TData extends RowData>({
  table,
  pageSize,
  isLoading,
  isError,
  messages: { errorMessage, onRetry, emptyMessage },
}: DataTableBodyProps<TData>) {
  const columns = table.getVisibleLeafColumns();
  // The spacer column counts too.
  const span = columns.length + 1;
  const rows = table.getRowModel().rows;
  let body: ReactNode;
  if (isError) {
    body = (
      <WideRow span={span} className="px-3 py-10 text-center">
        <div role="alert" className="flex flex-col items-center gap-3">
          <p className="text-sm font-medium text-danger">{errorMessage}</p>
          {onRetry && (
            <Button variant="secondary" size="sm" onPress={onRetry}>
              Reintentar
            </Button>
          )}
        </div>
      </WideRow>
    );
  } else if (isLoading) {
    body = <SkeletonRows columns={columns} count={pageSize} />;
  } else if (rows.length === 0) {
    body = (
      <WideRow span={span} className="p-3">
        <EmptyState title={emptyMessage} className="border-0 py-8" />
      </WideRow>
    );
  } else {
    body = <DataRows table={table} rows={rows} />;
  }
  return <tbody>{body}</tbody>;
}
