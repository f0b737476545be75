import type { RowData } from '@tanstack/react-table';
import { withSpacer } from './data-table-body';
import { HeaderCell } from './header-cell';
import type { DataTableInstance } from './use-data-table';

/** The `<thead>` of a DataTable: sticky header cells that sort and resize their column. */
export function DataTableHead<TData extends RowData>({
  table,
  idPrefix,
}: {
  table: DataTableInstance<TData>;
  /** Prefix of the title ids that name the header cells (unique per table). */
  idPrefix: string;
}) {
  const setColumnSize = (columnId: string, size: number) =>
    table.setColumnSizing((old) => ({ ...old, [columnId]: size }));
  return (
    <thead>
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id}>
          {withSpacer(
            group.headers,
            (header) => (
              <HeaderCell
                key={header.id}
                header={header}
                titleId={`${idPrefix}-${header.id}`}
                onKeyboardResize={setColumnSize}
                renderTitle={() => <table.FlexRender header={header} />}
              />
            ),
            <td
              key="__spacer"
              aria-hidden="true"
              className="sticky top-0 z-[2] border-b border-border bg-surface-muted"
            />,
          )}
        </tr>
      ))}
    </thead>
  );
}
