// One typed call of the contract for paths chosen by a generic resource ('/brands' -> '/brands/paged').
// openapi-fetch types a call by its literal path; `callApi` gives the same guarantees to a path
// that is a type parameter: path parameters, query, body and answer all come from `paths`.
import { getApiClient } from './client';
import { unwrap, type FetchResultLike } from './envelope';
import { CONTRACT_MULTIPART_CALLS } from './generated/values';
import { multipartBodySerializer } from './multipart';
import type { HttpMethod, OperationBody, OperationData, OperationQuery, paths } from './types';

/** `${Resource}${Suffix}` when the contract has that path ('/brands' + '/paged'). */
export type PathOf<Resource extends string, Suffix extends string> = `${Resource}${Suffix}` &
  keyof paths;

/** The contract path of a resource and a suffix: `pathOf('/brands', '/{id}')`. */
export function pathOf<Resource extends string, Suffix extends string>(
  resource: Resource,
  suffix: Suffix,
): PathOf<Resource, Suffix> {
  // The resource's type already proves the path exists (PagedResource, DetailResource...).
  return `${resource}${suffix}` as PathOf<Resource, Suffix>;
}

/** What a call sends: the path parameters, query and body the contract declares for it. */
export interface CallInit<Path extends keyof paths, Method extends HttpMethod> {
  /** Path parameters (`{ id }`); the path itself is typed, so its parameter names are too. */
  path?: Record<string, string | number>;
  query?: OperationQuery<Path, Method>;
  body?: OperationBody<Path, Method>;
  signal?: AbortSignal;
}

const METHOD = { get: 'GET', put: 'PUT', post: 'POST', delete: 'DELETE', patch: 'PATCH' } as const;
const multipart = new Set<string>(CONTRACT_MULTIPART_CALLS);

type RawCall = (path: string, init: Record<string, unknown>) => Promise<FetchResultLike>;

/** `method path` through the client and its middleware; resolves to the envelope's `data`. */
export function callApi<Path extends keyof paths, Method extends HttpMethod>(
  method: Method,
  path: Path,
  { path: pathParams, query, body, signal }: CallInit<Path, Method> = {},
): Promise<OperationData<Path, Method>> {
  // The only untyped step: openapi-fetch's overloads need a literal path; the signature above
  // carries the contract's types for every caller.
  const send = getApiClient()[METHOD[method]] as unknown as RawCall;
  return unwrap(
    send(path, {
      params: { path: pathParams, query },
      ...(body === undefined ? {} : { body }),
      ...(multipart.has(`${METHOD[method]} ${path}`)
        ? { bodySerializer: multipartBodySerializer }
        : {}),
      signal,
    }),
  ) as Promise<OperationData<Path, Method>>;
}
