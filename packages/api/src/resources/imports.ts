// The bulk import of points of sale (docs/import.md): the template, the dry run and the confirm.
// The confirm uploads the same file again: the server re-checks it inside its one transaction.
import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../call';
import { getApiClient } from '../client';
import { unwrapBlob } from '../envelope';
import type { components } from '../generated/schema';
import { invalidateResources } from './resource';

/** The dry run's or the confirm's answer: counts, errors and warnings by row and column. */
export type ImportReport = components['schemas']['ImportReport'];

/** `GET /pointofsales/import/template`: the .xlsx template as a Blob. */
export function downloadPointOfSaleTemplate(signal?: AbortSignal): Promise<Blob> {
  return unwrapBlob(
    getApiClient().GET('/pointofsales/import/template', { parseAs: 'blob', signal }),
  );
}

/** `POST /pointofsales/import/check`: the dry run of a file; writes nothing. */
export function checkPointOfSaleImportMutationOptions() {
  return mutationOptions({
    mutationKey: ['/pointofsales', 'import', 'check'] as const,
    mutationFn: (file: File) => callApi('post', '/pointofsales/import/check', { body: { file } }),
  });
}

/** `POST /pointofsales/import`: the same file, written all or nothing; refreshes the lists. */
export function importPointsOfSaleMutationOptions(client: QueryClient) {
  return mutationOptions({
    mutationKey: ['/pointofsales', 'import'] as const,
    mutationFn: (file: File) => callApi('post', '/pointofsales/import', { body: { file } }),
    onSuccess: async (report) => {
      if (report.written) await invalidateResources(client, ['/pointofsales']);
    },
  });
}
