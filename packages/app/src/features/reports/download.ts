import { ApiError, CLIENT_ERROR_MESSAGES, getApiClient } from '@anaquel/api';

// The report download (spec 1 §7, §8): `GET /reports/product-survey-export` read as a stream so
// the screen shows the bytes received and can cancel; the file keeps the server's name. Through
// the shared client: bearer token, cookies and the 401 refresh as every call. The 10 s timeout of
// spec 1 §9 would cut a large export while it still downloads: this call allows 30 minutes (the
// server starts sending at once, so a dead server still fails fast on the connection).

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const EXPORT_TIMEOUT_MS = 30 * 60_000;

export interface ReportFilter {
  surveyId: number;
  startDate?: string;
  endDate?: string;
}

export interface DownloadedReport {
  blob: Blob;
  fileName: string;
  /** True when the server said no visit falls in the range (`X-Report-Rows: none`). */
  isEmpty: boolean;
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

/**
 * spec 1 §8: the failure body read as text, taking errorMessage or message, or the raw text, with
 * the status (openapi-fetch already read it as text and parsed it when it was JSON).
 */
export function exportError(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    const message =
      typeof record.errorMessage === 'string'
        ? record.errorMessage
        : typeof record.message === 'string'
          ? record.message
          : undefined;
    return new ApiError({
      statusCode: status,
      errorCode: typeof record.errorCode === 'string' ? record.errorCode : `HTTP_${status}`,
      errorMessage: message ?? CLIENT_ERROR_MESSAGES.unexpected,
      validationErrors: Array.isArray(record.validationErrors)
        ? (record.validationErrors as { field: string; message: string }[])
        : [],
    });
  }
  const text = typeof body === 'string' ? body.trim() : '';
  return new ApiError({
    statusCode: status,
    errorCode: `HTTP_${status}`,
    errorMessage: text || CLIENT_ERROR_MESSAGES.unexpected,
  });
}

/** Downloads the report; `onProgress` gets the bytes received so far. Aborts with `signal`. */
export async function downloadReport(
  filter: ReportFilter,
  options: { signal?: AbortSignal; onProgress?: (bytes: number) => void } = {},
): Promise<DownloadedReport> {
  const { data, error, response } = await getApiClient().GET('/reports/product-survey-export', {
    params: { query: filter },
    parseAs: 'stream',
    signal: options.signal,
    headers: { Accept: `${XLSX_TYPE}, application/json` },
    timeoutMs: EXPORT_TIMEOUT_MS,
  } as never);
  if (!response.ok) throw exportError(response.status, error);
  const fallback = `Reporte_${filter.surveyId}.xlsx`;
  const fileName = fileNameFromDisposition(response.headers.get('Content-Disposition'), fallback);
  const isEmpty = response.headers.get('X-Report-Rows') === 'none';
  const stream = (data ?? null) as unknown as ReadableStream<Uint8Array> | null;
  if (!stream) return { blob: new Blob([], { type: XLSX_TYPE }), fileName, isEmpty };
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    options.onProgress?.(received);
  }
  return { blob: new Blob(chunks as BlobPart[], { type: XLSX_TYPE }), fileName, isEmpty };
}

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** '1.5 MB' style size of the bytes received (es-MX number format). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  return `${value.toLocaleString('es-MX', { maximumFractionDigits: digits, minimumFractionDigits: digits })} ${units[unit]}`;
}
