import { getApiClient } from '../client';
import type { operations } from '../generated/schema';

/** The renditions `GET files/{fileId}` serves (`size`): the stored image or its thumbnail. */
type FileSize = NonNullable<NonNullable<operations['getFile']['parameters']['query']>['size']>;

function fileSizeUrl(fileId: string, size: FileSize): string {
  const url = `${getApiClient().baseUrl.replace(/\/+$/, '')}/files/${encodeURIComponent(fileId)}`;
  return size === 'original' ? url : `${url}?size=${size}`;
}

/**
 * URL of a stored image for `<img src>` (spec 1 §7: `GET files/{fileId}` under /api/v1). The
 * endpoint needs no token, so the browser can load it directly.
 */
export function fileUrl(fileId: string): string {
  return fileSizeUrl(fileId, 'original');
}

/**
 * URL of the thumbnail of a stored image (`GET files/{fileId}?size=thumb`: WebP, at most
 * 320 x 320 pixels), for gallery grids; open the full image with `fileUrl`.
 */
export function fileThumbnailUrl(fileId: string): string {
  return fileSizeUrl(fileId, 'thumb');
}

/** A stored image as a gallery item: the thumbnail in the grid, the full image when opened. */
export function galleryImage(fileId: string): { src: string; thumbnailSrc: string } {
  return { src: fileUrl(fileId), thumbnailSrc: fileThumbnailUrl(fileId) };
}
