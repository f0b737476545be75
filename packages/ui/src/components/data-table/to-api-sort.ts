/** One sorted column as TanStack Table describes it. */
export interface ColumnSort {
  /** Column id; it is also the sort key the API whitelists. */
  id: string;
  /** Whether the order is descending. */
  desc: boolean;
}

/**
 * Turns table sorting into the API's repeatable `Sort` parameter: the column id, with a '-' prefix
 * for descending order (['name', '-code']).
 */
export function toApiSort(sorting: readonly ColumnSort[]): string[] {
  return sorting.map(({ id, desc }) => (desc ? `-${id}` : id));
}
