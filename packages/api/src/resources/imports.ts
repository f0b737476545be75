// The bulk import (docs/import.md): every resource's template, dry run, confirm and the dry run's
// report as an .xlsx; the relations' imports (a file of codes). The confirm uploads the same file
// again: the server re-checks it inside its one transaction.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { getApiClient } from '../client';
import { unwrap, unwrapBlob } from '../envelope';
import type { components } from '../generated/schema';
import { multipartBodySerializer } from '../multipart';
import { fetchWithUploadProgress, type UploadProgress } from './import-upload';
import { invalidateResources } from './resource';

/** The dry run's or the confirm's answer: counts, errors and warnings by row and column. */
export type ImportReport = components['schemas']['ImportReport'];
/** An importable resource, named as its list's path ('pointofsales', 'products'...). */
export type ImportResourceName = components['schemas']['ImportResource'];
/** A relation an import fills ('campaign-pointofsales'...). */
export type ImportRelationName = components['schemas']['ImportRelation'];

/** How far the running import has got: the rows checked so far and the file's (estimated). */
export type ImportProgress = components['schemas']['ImportProgress'];

/** `GET /imports/{resource}/progress`, asked every second while `enabled` (the server works). */
export function importProgressQueryOptions(resource: ImportResourceName, enabled: boolean) {
  return queryOptions({
    queryKey: ['/imports', resource, 'progress'] as const,
    queryFn: ({ signal }) =>
      unwrap(
        getApiClient().GET('/imports/{resource}/progress', {
          params: { path: { resource } },
          signal,
        }),
      ),
    enabled,
    refetchInterval: enabled ? 1000 : false,
    staleTime: 0,
    gcTime: 0,
  });
}

/** `GET /imports/relations/{relation}/{id}/progress`: as a resource's, for a relation's import. */
export function relationImportProgressQueryOptions(
  relation: ImportRelationName,
  id: number,
  enabled: boolean,
) {
  return queryOptions({
    queryKey: ['/imports/relations', relation, id, 'progress'] as const,
    queryFn: ({ signal }) =>
      unwrap(
        getApiClient().GET('/imports/relations/{relation}/{id}/progress', {
          params: { path: { relation, id } },
          signal,
        }),
      ),
    enabled,
    refetchInterval: enabled ? 1000 : false,
    staleTime: 0,
    gcTime: 0,
  });
}

/** A file to check or import, with the columns mapped by hand. */
export interface ImportUpload {
  file: File;
  /** The file's header -> the column's field (the report's `columns`). */
  mapping?: Record<string, string>;
  onProgress?: UploadProgress;
  signal?: AbortSignal;
}

function bodyOf({ file, mapping }: ImportUpload): components['schemas']['ImportFile'] {
  // The mapping goes first: the server reads the parts before the file.
  const hasMapping = mapping && Object.keys(mapping).length > 0;
  const body: Record<string, unknown> = {
    ...(hasMapping && { mapping: JSON.stringify(mapping) }),
    file,
  };
  // The contract's binary is a string in the generated types; multipart sends the File itself.
  return body as components['schemas']['ImportFile'];
}

function uploadInit<P>(upload: ImportUpload, path: P) {
  return {
    params: { path },
    body: bodyOf(upload),
    bodySerializer: multipartBodySerializer,
    fetch: fetchWithUploadProgress(upload.onProgress),
    signal: upload.signal,
  };
}

/** `GET /imports/{resource}/template`: the .xlsx template as a Blob. */
export function downloadImportTemplate(
  resource: ImportResourceName,
  signal?: AbortSignal,
): Promise<Blob> {
  return unwrapBlob(
    getApiClient().GET('/imports/{resource}/template', {
      params: { path: { resource } },
      parseAs: 'blob',
      signal,
    }),
  );
}

/** `POST /imports/{resource}/check`: the dry run of a file; writes nothing. */
export function checkImportFile(
  resource: ImportResourceName,
  upload: ImportUpload,
): Promise<ImportReport> {
  return unwrap(getApiClient().POST('/imports/{resource}/check', uploadInit(upload, { resource })));
}

/** `POST /imports/{resource}`: the same file, written all or nothing; refreshes the list. */
export async function runImportFile(
  client: QueryClient,
  resource: ImportResourceName,
  upload: ImportUpload,
): Promise<ImportReport> {
  const report = await unwrap(
    getApiClient().POST('/imports/{resource}', uploadInit(upload, { resource })),
  );
  if (report.written) await invalidateResources(client, [`/${resource}`]);
  return report;
}

/** `POST /imports/{resource}/report`: the file's rows with an 'Errores' column, as an .xlsx. */
export function downloadImportErrorReport(
  resource: ImportResourceName,
  upload: ImportUpload,
): Promise<Blob> {
  return unwrapBlob(
    getApiClient().POST('/imports/{resource}/report', {
      ...uploadInit(upload, { resource }),
      parseAs: 'blob',
    }),
  );
}

/** `GET /imports/relations/{relation}/template`: one column, the codes (or SKUs). */
export function downloadRelationImportTemplate(
  relation: ImportRelationName,
  signal?: AbortSignal,
): Promise<Blob> {
  return unwrapBlob(
    getApiClient().GET('/imports/relations/{relation}/template', {
      params: { path: { relation } },
      parseAs: 'blob',
      signal,
    }),
  );
}

/** `POST /imports/relations/{relation}/{id}/check`: which codes would be linked, which are unknown. */
export function checkRelationImportFile(
  relation: ImportRelationName,
  id: number,
  upload: ImportUpload,
): Promise<ImportReport> {
  return unwrap(
    getApiClient().POST(
      '/imports/relations/{relation}/{id}/check',
      uploadInit(upload, { relation, id }),
    ),
  );
}

/** `POST /imports/relations/{relation}/{id}`: links the file's records, all or nothing. */
export async function runRelationImportFile(
  client: QueryClient,
  relation: ImportRelationName,
  id: number,
  upload: ImportUpload,
): Promise<ImportReport> {
  const report = await unwrap(
    getApiClient().POST('/imports/relations/{relation}/{id}', uploadInit(upload, { relation, id })),
  );
  if (report.written) {
    const [owner, related] = relation.split('-');
    await invalidateResources(client, [`/${owner}s`, `/${related}`]);
  }
  return report;
}
