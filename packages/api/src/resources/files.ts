import { getApiClient } from '../client';

/**
 * URL of a stored image for `<img src>` (spec 1 §7: `GET files/{fileId}` under /api/v1). The
 * endpoint needs no token, so the browser can load it directly.
 */
export function fileUrl(fileId: string): string {
  return `${getApiClient().baseUrl.replace(/\/+$/, '')}/files/${encodeURIComponent(fileId)}`;
}
