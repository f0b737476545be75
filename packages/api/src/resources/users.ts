import { queryOptions } from '@tanstack/react-query';
import { getApiClient } from '../client';
import { unwrap } from '../envelope';
import { OPTIONS_STALE_TIME_MS, resourceKeys } from './resource';

/** Query keys of the users; they share the `/users` prefix so user changes refresh the promoters. */
export const userKeys = {
  ...resourceKeys('/users'),
  promoters: ['/users', 'promoters'] as const,
};

/**
 * `GET /users/promoters`: the promoter dropdown (id, name). Enable it only for holders of
 * VIEW_USERS (spec 1 §6): `useQuery({ ...promotersQueryOptions(), enabled })`.
 */
export function promotersQueryOptions() {
  return queryOptions({
    queryKey: userKeys.promoters,
    queryFn: ({ signal }) => unwrap(getApiClient().GET('/users/promoters', { signal })),
    staleTime: OPTIONS_STALE_TIME_MS,
    retry: false,
  });
}
