import {
  DEFAULT_PAGE_SIZE,
  pagedQuery,
  pagedQueryOptions,
  sortableColumns,
  type PagedRow,
} from '@anaquel/api';
import { useDataTableState, type DataTableColumnDef } from '@anaquel/ui';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { MasterResource } from './definition';

/** Extra query filters of a list (spec 2 §2: campaignId, surveyId...). */
export type ListParams = Readonly<Record<string, string | number | boolean>>;

/**
 * The table state of a list page and its `GET {resource}/paged` query: the columns sort when the
 * contract's `Sort` enum of the list names them (spec 2 §2), and a change of `params` goes back
 * to page 1 (spec 2 §4).
 */
export function usePagedList<R extends MasterResource>(
  resource: R,
  definedColumns: DataTableColumnDef<PagedRow<R>>[],
  params: ListParams | undefined,
) {
  const columns = useMemo(() => {
    const sortable = sortableColumns(resource);
    return definedColumns.map((column) => ({
      ...column,
      enableSorting: column.id !== undefined && sortable.has(column.id),
    }));
  }, [definedColumns, resource]);

  const table = useDataTableState({ pageSize: DEFAULT_PAGE_SIZE });
  const paramsKey = JSON.stringify(params ?? {});
  const [seenParams, setSeenParams] = useState(paramsKey);
  if (seenParams !== paramsKey) {
    setSeenParams(paramsKey);
    if (table.state.pageIndex !== 0) table.update({ pageIndex: 0 });
  }
  const page = useQuery(
    pagedQueryOptions(resource, {
      ...(pagedQuery(resource, table.state) as object),
      ...params,
    } as ReturnType<typeof pagedQuery<R>>),
  );
  return { columns, table, page };
}
