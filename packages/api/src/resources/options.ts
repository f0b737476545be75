// Dropdown options at any size (issue 13): `GET {resource}/options` a page at a time (`Take` +
// `Skip`, so a dropdown reaches every record) and by `Ids` (the current values of an edit form,
// answered with their names even when inactive or far down the list). Both are cached 60 s like
// every option list (spec 2 §7) under the resource's keys, so a mutation refreshes them.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { callApi, pathOf, type PathOf } from '../call';
import type { OperationQuery, Option } from '../types';
import {
  OPTIONS_STALE_TIME_MS,
  resourceKeys,
  type OptionsParams,
  type OptionsResource,
} from './resource';
import { relationParts, type RelationData, type RelationPath } from './master-data';
import '../meta';

/** Options per page of a paged dropdown. */
export const OPTIONS_PAGE_SIZE = 50;
/** The most ids one `Ids` request names (the contract's maxItems). */
export const OPTIONS_IDS_MAX = 100;

/** What a paged dropdown filters by: everything but the paging and `Ids`. */
export type OptionPagesParams<R extends OptionsResource> = Omit<
  OptionsParams<R>,
  'Take' | 'Skip' | 'Ids'
>;

/**
 * Resources whose `GET {resource}/options` pages (`Take`, `Skip`) and answers `Ids`: all but the
 * fixed catalogues (states, survey and question types), answered whole.
 */
export type PagedOptionsResource = {
  [R in OptionsResource]: [OptionsParams<R>] extends [never] // no query at all
    ? never
    : 'Take' | 'Skip' | 'Ids' extends keyof OptionsParams<R>
      ? R
      : never;
}[OptionsResource];

type OptionsPath = PathOf<PagedOptionsResource, '/options'>;

function getOptions(
  resource: PagedOptionsResource,
  query: OperationQuery<OptionsPath, 'get'>,
  signal: AbortSignal,
): Promise<Option[]> {
  const path: OptionsPath = pathOf(resource, '/options');
  return callApi('get', path, { query, signal });
}

/**
 * `GET {resource}/options` page after page (`useInfiniteQuery`): `fetchNextPage` asks for the
 * next `pageSize` options; there is no next page once one comes back short.
 */
export function optionPagesQueryOptions<R extends PagedOptionsResource>(
  resource: R,
  params: OptionPagesParams<R>,
  pageSize: number = OPTIONS_PAGE_SIZE,
) {
  return infiniteQueryOptions({
    queryKey: [...resourceKeys(resource).options(params), 'pages', pageSize] as const,
    queryFn: ({ pageParam, signal }) =>
      getOptions(resource, { ...params, Take: pageSize, Skip: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last: Option[], all: Option[][]) =>
      last.length < pageSize ? undefined : all.length * pageSize,
    staleTime: OPTIONS_STALE_TIME_MS,
    retry: false,
  });
}

/**
 * The options of exactly these ids, active or not (each with `isActive`): what an edit form shows
 * for its current values. More than OPTIONS_IDS_MAX ids are asked in several requests.
 */
export function optionsByIdsQueryOptions<R extends PagedOptionsResource>(
  resource: R,
  ids: readonly number[],
) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return queryOptions({
    queryKey: resourceKeys(resource).options({ Ids: sorted }),
    queryFn: async ({ signal }) => {
      const chunks: number[][] = [];
      for (let i = 0; i < sorted.length; i += OPTIONS_IDS_MAX) {
        chunks.push(sorted.slice(i, i + OPTIONS_IDS_MAX));
      }
      const answers = await Promise.all(
        chunks.map((chunk) => getOptions(resource, { Ids: chunk }, signal)),
      );
      return answers.flat();
    },
    enabled: sorted.length > 0,
    staleTime: OPTIONS_STALE_TIME_MS,
    retry: false,
  });
}

/**
 * `GET {owner}/{id}/{related}`: the linked ids and the linked records by name (inactive ones
 * included, with `isActive`), for a relation editor. Refetched when the owner or the related
 * resource changes (its key starts with the owner's path).
 */
export function relationQueryOptions<P extends RelationPath>(path: P, id: number) {
  const { owner, related } = relationParts(path);
  return queryOptions({
    queryKey: [owner, 'relation', related, id] as const,
    queryFn: ({ signal }): Promise<RelationData<P>> =>
      callApi('get', path, { path: { id }, signal }),
    staleTime: 0,
  });
}
