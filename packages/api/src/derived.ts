// Types derived from the contract that both the app and the server use. Types only, importing only
// the generated files, so the server may import it (`@anaquel/api/derived`, ARCHITECTURE §1).
import type { components } from './generated/schema';
import type { CONTRACT_SORT_COLUMNS } from './generated/values';

type PermissionCode = components['schemas']['PermissionCode'];

/**
 * The permission suffix of a resource with the four CRUD codes (VIEW_, CREATE_, UPDATE_ and
 * DELETE_ + this): 'BRANDS', 'POINTOFSALES'... derived from the `PermissionCode` enum.
 */
export type CrudPermissionBase = {
  [Code in PermissionCode]: Code extends `VIEW_${infer Base}`
    ? `CREATE_${Base}` | `UPDATE_${Base}` | `DELETE_${Base}` extends PermissionCode
      ? Base
      : never
    : never;
}[PermissionCode];

/** A page of any paged list: the contract's `PageInfo` and its rows. */
export type Page<Row> = components['schemas']['PageInfo'] & { rows: Row[] };

/** A paged list path of the contract ('/brands/paged'). */
export type PagedListPath = keyof typeof CONTRACT_SORT_COLUMNS;

/** The columns the contract's `Sort` enum of a paged list names (without the '-' forms). */
export type SortColumnOf<Path extends PagedListPath> = (typeof CONTRACT_SORT_COLUMNS)[Path][number];
