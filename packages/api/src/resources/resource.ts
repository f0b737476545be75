// The generic pattern of spec 2 §7 for master data: {resource}/paged, {resource}/options,
// {resource}/{id}, POST {resource}, PUT and DELETE {resource}/{id}. Every function is typed from
// the generated `paths`, so `resource` must be a path the contract has for that call.
import {
  keepPreviousData,
  mutationOptions,
  queryOptions,
  type QueryClient,
} from '@tanstack/react-query';
import { callApi, pathOf, type PathOf } from '../call';
import type { Page } from '../derived';
import type { OperationBody, OperationData, OperationQuery, PathsWithMethod } from '../types';
import '../meta';

/** spec 2 §7: dropdown options are cached 60 s. */
export const OPTIONS_STALE_TIME_MS = 60_000;

/** Resources with `GET {resource}/paged`. */
export type PagedResource = ResourceWithSuffix<'/paged', 'get'>;
/** Resources with `GET {resource}/options`. */
export type OptionsResource = ResourceWithSuffix<'/options', 'get'>;
/** Resources with `GET {resource}/{id}`. */
export type DetailResource = ResourceWithSuffix<'/{id}', 'get'>;
/** Resources with `PUT {resource}/{id}`. */
export type UpdatableResource = ResourceWithSuffix<'/{id}', 'put'>;
/** Resources with `DELETE {resource}/{id}`. */
export type DeletableResource = ResourceWithSuffix<'/{id}', 'delete'>;
/** Resources with `GET {resource}` (plain lists such as campaigns, surveys). */
export type ListResource = PathsWithMethod<'get'>;
/** Resources with `POST {resource}`. */
export type CreatableResource = PathsWithMethod<'post'>;

type ResourceWithSuffix<Suffix extends string, Method extends 'get' | 'put' | 'delete'> = {
  [Path in PathsWithMethod<Method>]: Path extends `${infer Resource}${Suffix}` ? Resource : never;
}[PathsWithMethod<Method>];

/** Query parameters of `GET {resource}/paged` (Filter, Page, PageSize, Sort and the resource's own). */
export type PagedParams<R extends PagedResource> = OperationQuery<PathOf<R, '/paged'>, 'get'>;
/** What `GET {resource}/paged` answers: `{ rows, page, pageSize, totalPages, totalCount, hasNext, hasPrev }`. */
export type PagedData<R extends PagedResource> = OperationData<PathOf<R, '/paged'>, 'get'>;
/** Query parameters of `GET {resource}/options` (Filter, Take, Sort). */
export type OptionsParams<R extends OptionsResource> = OperationQuery<PathOf<R, '/options'>, 'get'>;
/** What `GET {resource}/options` answers. */
export type OptionsData<R extends OptionsResource> = OperationData<PathOf<R, '/options'>, 'get'>;
/** What `GET {resource}/{id}` answers. */
export type DetailData<R extends DetailResource> = OperationData<PathOf<R, '/{id}'>, 'get'>;
/** Query parameters of `GET {resource}`. */
export type ListParams<R extends ListResource> = OperationQuery<R, 'get'>;
/** What `GET {resource}` answers. */
export type ListData<R extends ListResource> = OperationData<R, 'get'>;
/** Body of `POST {resource}`. */
export type CreateBody<R extends CreatableResource> = OperationBody<R, 'post'>;
/** What `POST {resource}` answers. */
export type CreateData<R extends CreatableResource> = OperationData<R, 'post'>;
/** Body of `PUT {resource}/{id}`. */
export type UpdateBody<R extends UpdatableResource> = OperationBody<PathOf<R, '/{id}'>, 'put'>;
/** What `PUT {resource}/{id}` answers. */
export type UpdateData<R extends UpdatableResource> = OperationData<PathOf<R, '/{id}'>, 'put'>;
/** What `DELETE {resource}/{id}` answers. */
export type DeleteData<R extends DeletableResource> = OperationData<PathOf<R, '/{id}'>, 'delete'>;

/** A row of `GET {resource}/paged` ('/brands' -> Brand). */
export type PagedRow<R extends PagedResource> = Extract<
  PagedData<R> extends { rows: readonly (infer Row)[] } ? Row : never,
  { id: EntityId }
>;
/** The sortable columns of `GET {resource}/paged`: its `Sort` enum without the '-' forms. */
export type SortColumn<R extends PagedResource> = Exclude<
  NonNullable<PagedParams<R>['Sort']>[number],
  `-${string}`
>;

/** Entity ids are numeric in the contract. */
export type EntityId = number;

/**
 * Stable query keys of a resource. Every key starts with the resource path, so invalidating
 * `resourceKeys(r).all` refreshes its pages, options, lists and details at once.
 */
export function resourceKeys<R extends string>(resource: R) {
  return {
    all: [resource] as const,
    pagedAll: [resource, 'paged'] as const,
    paged: <P>(params: P) => [resource, 'paged', params] as const,
    options: <P>(params: P) => [resource, 'options', params] as const,
    list: <P>(params: P) => [resource, 'list', params] as const,
    detail: (id: EntityId) => [resource, 'detail', id] as const,
  };
}

/** `GET {resource}/paged` as a query: keeps the previous page while the next loads; lists do not retry. */
export function pagedQueryOptions<R extends PagedResource>(resource: R, params: PagedParams<R>) {
  return queryOptions({
    queryKey: resourceKeys(resource).paged(params),
    // The contract's page of `R` is `PageInfo & { rows: PagedRow<R>[] }`; named so generic screens
    // can read `rows` (`PagedData<R>` stays opaque while `R` is a type parameter).
    queryFn: ({ signal }): Promise<Page<PagedRow<R>>> =>
      callApi('get', pathOf(resource, '/paged'), { query: params, signal }) as Promise<
        Page<PagedRow<R>>
      >,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** `GET {resource}/options` for a dropdown, fresh for 60 s (spec 2 §7). */
export function optionsQueryOptions<R extends OptionsResource>(
  resource: R,
  params: OptionsParams<R>,
) {
  return queryOptions({
    queryKey: resourceKeys(resource).options(params),
    queryFn: ({ signal }) =>
      callApi('get', pathOf(resource, '/options'), { query: params, signal }),
    staleTime: OPTIONS_STALE_TIME_MS,
    retry: false,
  });
}

/** `GET {resource}` (a plain list with the resource's own filters). */
export function listQueryOptions<R extends ListResource>(resource: R, params: ListParams<R>) {
  return queryOptions({
    queryKey: resourceKeys(resource).list(params),
    queryFn: ({ signal }) => callApi('get', resource, { query: params, signal }),
    retry: false,
  });
}

/** `GET {resource}/{id}`: one entity. */
export function detailQueryOptions<R extends DetailResource>(resource: R, id: EntityId) {
  return queryOptions({
    queryKey: resourceKeys(resource).detail(id),
    queryFn: ({ signal }) => callApi('get', pathOf(resource, '/{id}'), { path: { id }, signal }),
  });
}

export interface ResourceMutationConfig {
  /** Other resources whose queries become stale on success (e.g. products after a brand changes). */
  invalidates?: readonly string[];
}

/** Invalidates every query of the given resources. */
export async function invalidateResources(
  client: QueryClient,
  resources: readonly string[],
): Promise<void> {
  await Promise.all(
    resources.map((resource) => client.invalidateQueries({ queryKey: resourceKeys(resource).all })),
  );
}

/** `POST {resource}`; on success the resource's queries (and `invalidates`) are refetched. */
export function createMutationOptions<R extends CreatableResource>(
  resource: R,
  config: ResourceMutationConfig = {},
) {
  return mutationOptions({
    mutationKey: [resource, 'create'],
    mutationFn: async (body: CreateBody<R>, context) => {
      const data = await callApi('post', resource, { body });
      await invalidateResources(context.client, [resource, ...(config.invalidates ?? [])]);
      return data;
    },
  });
}

/** Variables of an update: the id and the body. */
export interface UpdateVariables<Body> {
  id: EntityId;
  body: Body;
}

/** `PUT {resource}/{id}`; on success the resource's queries (and `invalidates`) are refetched. */
export function updateMutationOptions<R extends UpdatableResource>(
  resource: R,
  config: ResourceMutationConfig = {},
) {
  return mutationOptions({
    mutationKey: [resource, 'update'],
    mutationFn: async ({ id, body }: UpdateVariables<UpdateBody<R>>, context) => {
      const data = await callApi('put', pathOf(resource, '/{id}'), { path: { id }, body });
      await invalidateResources(context.client, [resource, ...(config.invalidates ?? [])]);
      return data;
    },
  });
}

/** `DELETE {resource}/{id}`; on success the resource's queries (and `invalidates`) are refetched. */
export function deleteMutationOptions<R extends DeletableResource>(
  resource: R,
  config: ResourceMutationConfig = {},
) {
  return mutationOptions({
    mutationKey: [resource, 'delete'],
    mutationFn: async (id: EntityId, context) => {
      const data = await callApi('delete', pathOf(resource, '/{id}'), { path: { id } });
      context.client.removeQueries({ queryKey: resourceKeys(resource).detail(id) });
      await invalidateResources(context.client, [resource, ...(config.invalidates ?? [])]);
      return data;
    },
  });
}
