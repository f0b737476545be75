import { queryOptions } from '@tanstack/react-query';
import { getApiClient } from '../client';
import { unwrap } from '../envelope';

/** Query keys of the health check. */
export const healthKeys = {
  all: ['/health'] as const,
};

/** `GET /health`: the server and its database answer; always refetched, never retried. */
export function healthQueryOptions() {
  return queryOptions({
    queryKey: healthKeys.all,
    queryFn: ({ signal }) => unwrap(getApiClient().GET('/health', { signal })),
    staleTime: 0,
    retry: false,
  });
}
