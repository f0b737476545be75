import { queryOptions } from '@tanstack/react-query';
import { isApiError } from '../api-error';
import { getApiClient } from '../client';
import { unwrap } from '../envelope';
import '../meta';

/** spec 2 §7: the permission catalogue is cached for 1440 minutes. */
export const PERMISSIONS_STALE_TIME_MS = 1440 * 60_000;

/** Query keys of the permission catalogue. */
export const permissionKeys = {
  all: ['/permissions'] as const,
};

/** `GET /permissions`: the catalogue. A 403 is only logged, never toasted (spec 1 §6). */
export function permissionsQueryOptions() {
  return queryOptions({
    queryKey: permissionKeys.all,
    queryFn: async ({ signal }) => {
      try {
        return await unwrap(getApiClient().GET('/permissions', { signal }));
      } catch (error) {
        if (isApiError(error) && error.statusCode === 403) {
          console.warn('GET /permissions answered 403:', error.errorMessage);
        }
        throw error;
      }
    },
    staleTime: PERMISSIONS_STALE_TIME_MS,
    retry: false,
    meta: { handledStatuses: [403] },
  });
}
