// The report download (spec 1 §7, §8): `GET /reports/product-survey-export` read as a stream so
// the screen shows the bytes received and can cancel; the file keeps the server's name. Through
// the shared client: bearer token, cookies and the 401 refresh as every call. The 10 s timeout of
// spec 1 §9 would cut a large export while it still downloads: this call allows 30 minutes (the
// server starts sending at once, so a dead server still fails fast on the connection).
import { queryOptions } from '@tanstack/react-query';
import { apiErrorFromBody, isAbortError, toApiError } from '../api-error';
import { getApiClient } from '../client';
import { unwrap } from '../envelope';
import type { operations } from '../generated/schema';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const EXPORT_TIMEOUT_MS = 30 * 60_000;

/** The survey and the days of a product-survey export. */
export type ReportFilter = operations['exportProductSurveyReport']['parameters']['query'];

export interface DownloadedReport {
  blob: Blob;
  fileName: string;
  /** True when the server said no visit falls in the range (`X-Report-Rows: none`). */
  isEmpty: boolean;
}

export interface DownloadReportOptions {
  signal?: AbortSignal;
  /** Called with the bytes received so far, after each chunk. */
  onProgress?: (bytes: number) => void;
}

/**
 * spec 1 §7: `GET surveys?campaignId&productTypeOnly=true`, the surveys a campaign's export can
 * choose; disabled until a campaign is chosen.
 */
export function productSurveysQueryOptions(campaignId: number | null | undefined) {
  return queryOptions({
    queryKey: ['/surveys', 'by-campaign', campaignId, 'product'] as const,
    enabled: Boolean(campaignId),
    queryFn: ({ signal }) =>
      unwrap(
        getApiClient().GET('/surveys', {
          params: { query: { campaignId: campaignId ?? 0, productTypeOnly: true } },
          signal,
        }),
      ),
  });
}

/** The file name of a Content-Disposition: `filename*` (RFC 5987) first, then `filename`. */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]+)"|filename\s*=\s*([^;]+)/i.exec(header);
  return (plain?.[1] ?? plain?.[2])?.trim() || fallback;
}

async function readAll(
  stream: ReadableStream<Uint8Array>,
  onProgress?: (bytes: number) => void,
): Promise<Uint8Array[]> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
    received += value.byteLength;
    onProgress?.(received);
  }
}

async function download(
  filter: ReportFilter,
  { signal, onProgress }: DownloadReportOptions,
): Promise<DownloadedReport> {
  const { data, error, response } = await getApiClient().GET('/reports/product-survey-export', {
    params: { query: filter },
    parseAs: 'stream',
    signal,
    headers: { Accept: `${XLSX_TYPE}, application/json` },
    // The client's timeout wrapper reads this key off the Request (TimeoutOption).
    timeoutMs: EXPORT_TIMEOUT_MS,
  });
  // A failure is answered as the JSON envelope before any byte of the file (openapi-fetch has
  // already read it as text and parsed it when it was JSON).
  if (!response.ok) throw apiErrorFromBody(response.status, error);
  const fallback = `Reporte_${filter.surveyId}.xlsx`;
  const fileName = fileNameFromDisposition(response.headers.get('Content-Disposition'), fallback);
  const isEmpty = response.headers.get('X-Report-Rows') === 'none';
  const chunks = data ? await readAll(data, onProgress) : [];
  return { blob: new Blob(chunks as BlobPart[], { type: XLSX_TYPE }), fileName, isEmpty };
}

/**
 * Downloads the report; `onProgress` gets the bytes received so far. Aborts with `signal` (the
 * AbortError is let through); any other failure, also while the file streams, is an `ApiError`.
 */
export async function downloadReport(
  filter: ReportFilter,
  options: DownloadReportOptions = {},
): Promise<DownloadedReport> {
  try {
    return await download(filter, options);
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw toApiError(error);
  }
}
