import { useCallback, useState } from 'react';
import {
  applyDataTableChange,
  resolveDataTableState,
  type DataTableState,
} from './data-table-state';

/**
 * Local state for a DataTable: `const table = useDataTableState();` then
 * `<DataTable state={table.state} onStateChange={table.onStateChange} />` and build the query
 * from `table.state`. Use URL search params instead when the list state must survive reloads.
 */
export function useDataTableState(initial?: Partial<DataTableState>): {
  state: DataTableState;
  onStateChange: (next: DataTableState) => void;
  /** Merges a change, with the same page-reset rule as the table (e.g. an extra filter). */
  update: (change: Partial<DataTableState>) => void;
} {
  const [state, setState] = useState(() => resolveDataTableState(initial));
  const update = useCallback(
    (change: Partial<DataTableState>) => setState((prev) => applyDataTableChange(prev, change)),
    [],
  );
  return { state, onStateChange: setState, update };
}
