import type { CrudPermissionBase, PagedListPath, SortColumnOf } from '@anaquel/api/derived';
import type { AnyColumn, SQL } from 'drizzle-orm';

// Types the master-data resources take from the contract (types only: ARCHITECTURE §1).

export type { Page } from '@anaquel/api/derived';

/** The permission suffix of a resource: VIEW_, CREATE_, UPDATE_ and DELETE_ + this. */
export type MasterPermission = CrudPermissionBase;

/** The ORDER BY expression of every sortable column of a list (its `Sort` enum), and no other. */
export type SortMap<Path extends PagedListPath> = Record<SortColumnOf<Path>, SQL | AnyColumn>;
