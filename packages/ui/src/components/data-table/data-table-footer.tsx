import { Pagination } from '../pagination/Pagination';
import { Spinner } from '../spinner';
import { visibleRowRange, type DataTableState } from './data-table-state';
import { PageSizePlaceholder, tableMenus } from './parts';
import { useAfterPaint } from '../../lib/after-paint';

const numberFormat = new Intl.NumberFormat('es-MX');

/** 'Cargando datos…', 'Mostrando 0 de N' or 'Mostrando a–b de N'. */
function rowRangeText(range: ReturnType<typeof visibleRowRange>, isLoading: boolean): string {
  if (isLoading) return 'Cargando datos…';
  const total = numberFormat.format(range.total);
  if (range.from === 0) return `Mostrando 0 de ${total}`;
  return `Mostrando ${numberFormat.format(range.from)}–${numberFormat.format(range.to)} de ${total}`;
}

/** Below the table: the rows shown, the refresh spinner, the page size and the pages. */
export function DataTableFooter({
  state,
  rowsOnPage,
  totalCount,
  pageCount,
  isLoading,
  isFetching,
  pageSizeOptions,
  showFirstLastButtons,
  onChange,
  menusReady,
}: {
  state: DataTableState;
  /** Rows of the page on screen (0 while loading or failed). */
  rowsOnPage: number;
  totalCount: number;
  pageCount: number;
  isLoading: boolean;
  isFetching: boolean;
  pageSizeOptions: readonly number[];
  showFirstLastButtons: boolean;
  onChange: (patch: Partial<DataTableState>) => void;
  /** The rows (or the error) are rendered: the menus' code may come once they have painted. */
  menusReady: boolean;
}) {
  const [loaded, load] = useAfterPaint(tableMenus, menusReady);
  const range = visibleRowRange(state, rowsOnPage, totalCount);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex items-center gap-2">
        <p className="text-sm text-fg-muted" role="status">
          {rowRangeText(range, isLoading)}
        </p>
        {isFetching && !isLoading && <Spinner size="sm" label="Actualizando datos" />}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {loaded ? (
          <loaded.PageSizeSelect
            pageSize={state.pageSize}
            options={pageSizeOptions}
            onChange={(pageSize) => onChange({ pageSize })}
          />
        ) : (
          <PageSizePlaceholder pageSize={state.pageSize} onReach={load} />
        )}
        <Pagination
          page={state.pageIndex + 1}
          totalPages={pageCount}
          onPageChange={(page) => onChange({ pageIndex: page - 1 })}
          showFirstLastButtons={showFirstLastButtons}
          isDisabled={isLoading}
        />
      </div>
    </div>
  );
}
