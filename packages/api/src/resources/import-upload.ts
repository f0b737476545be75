// An import's upload with its progress (docs/import.md): fetch cannot report the bytes sent, so
// the call's Request (already through the client's middleware: bearer token, 401 refresh) is
// sent with XMLHttpRequest, whose upload events can. Without XMLHttpRequest (Node), or with a
// client built on its own fetch (tests, Storybook), it goes through that fetch. No timeout: a
// 50 MB file on a slow line, then a 100 000-row check, takes minutes; the caller's signal
// cancels it (the server stops at its next batch).

import { getApiClient } from '../client';

/** What the browser has sent of the body, 0 to 1. */
export type UploadProgress = (fraction: number) => void;

function headersOf(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const index = line.indexOf(':');
    if (index > 0) headers.append(line.slice(0, index).trim(), line.slice(index + 1).trim());
  }
  return headers;
}

/** A fetch (for openapi-fetch's per-call `fetch`) that reports the upload's progress. */
export function fetchWithUploadProgress(onProgress?: UploadProgress) {
  const custom = getApiClient().customFetch;
  return async (request: Request): Promise<Response> => {
    if (custom) return custom(request);
    if (typeof XMLHttpRequest === 'undefined') return globalThis.fetch(request);
    const body = await request.blob();
    return new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      xhr.withCredentials = true;
      xhr.responseType = 'blob';
      request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
      };
      xhr.onload = () =>
        resolve(
          new Response(xhr.response as Blob, {
            status: xhr.status,
            statusText: xhr.statusText,
            headers: headersOf(xhr.getAllResponseHeaders()),
          }),
        );
      xhr.onerror = () => reject(new TypeError('Failed to fetch'));
      const abort = () => {
        xhr.abort();
        reject(new DOMException('The import was cancelled.', 'AbortError'));
      };
      if (request.signal.aborted) abort();
      request.signal.addEventListener('abort', abort, { once: true });
      xhr.send(body);
    });
  };
}
