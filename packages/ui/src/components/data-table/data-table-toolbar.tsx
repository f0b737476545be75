import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { ColumnsMenuPlaceholder, SearchBox, tableMenus } from './parts';
import { useAfterPaint } from '../../lib/after-paint';
import type { DataTableInstance } from './use-data-table';

/** Above the table: the 'Buscar' box, the caller's controls and the 'Columnas' menu. */
export function DataTableToolbar<TData extends RowData>({
  table,
  search,
  toolbar,
  menusReady,
}: {
  table: DataTableInstance<TData>;
  /** The search box's filter, report and placeholder; omitted when the table is not searchable. */
  search?: { filter: string; onSearch: (filter: string) => void; placeholder: string };
  toolbar?: ReactNode;
  /** The rows (or the error) are rendered: the menus' code may come once they have painted. */
  menusReady: boolean;
}) {
  const [loaded, load] = useAfterPaint(tableMenus, menusReady);
  const columns = table.getAllLeafColumns();
  return (
    <div className="flex flex-wrap items-end gap-2">
      {search && <SearchBox {...search} />}
      <div className="ms-auto flex flex-wrap items-center gap-2">
        {toolbar}
        {loaded ? (
          <loaded.ColumnsMenu
            columns={columns}
            onVisibilityChange={(visible) =>
              table.setColumnVisibility((old) => ({
                ...old,
                ...Object.fromEntries(
                  columns.filter((c) => c.getCanHide()).map((c) => [c.id, visible.has(c.id)]),
                ),
              }))
            }
            onPinnedChange={(pinned) =>
              table.setColumnPinning((old) => ({
                start: columns.filter((c) => pinned.has(c.id)).map((c) => c.id),
                end: old.end ?? [],
              }))
            }
          />
        ) : (
          <ColumnsMenuPlaceholder onReach={load} />
        )}
      </div>
    </div>
  );
}
