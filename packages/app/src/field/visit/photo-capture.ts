// Visit and question photos from the camera, reduced on the device before they are stored: a
// phone's 12-megapixel JPEG is 3-5 MB, about 1600 px on the longest side is what a reviewer needs
// and a slow connection can carry (issue #22 §4).
import type { FieldDb, StoredPhoto } from '../store/db';
import { putPhoto } from '../store/photos';

/** The longest side of a stored photo, in pixels. */
export const PHOTO_LONGEST_SIDE = 1600;
const JPEG_QUALITY = 0.8;

/** The size a `width` × `height` image is drawn at: the longest side at most `limit`. */
export function reducedSize(
  width: number,
  height: number,
  limit = PHOTO_LONGEST_SIDE,
): { width: number; height: number } {
  const scale = Math.min(1, limit / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

async function drawJpeg(bitmap: ImageBitmap, width: number, height: number): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('No se pudo reducir la foto.'))),
      'image/jpeg',
      JPEG_QUALITY,
    ),
  );
}

/** A camera file as a JPEG whose longest side is at most PHOTO_LONGEST_SIDE. */
export async function reducePhoto(
  file: Blob,
): Promise<{ blob: Blob; width: number; height: number }> {
  // The camera's orientation is applied, so a portrait photo stays upright.
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const { width, height } = reducedSize(bitmap.width, bitmap.height);
    return { blob: await drawJpeg(bitmap, width, height), width, height };
  } finally {
    bitmap.close();
  }
}

/**
 * Reduces and stores a photo of the visit `visitUuid`; the visit or the answer keeps its `key`
 * until the outbox uploads it.
 */
export async function storePhoto(
  db: FieldDb,
  visitUuid: string,
  file: Blob,
  reduce: typeof reducePhoto = reducePhoto,
): Promise<StoredPhoto> {
  const reduced = await reduce(file);
  const photo: StoredPhoto = {
    key: crypto.randomUUID(),
    visitUuid,
    blob: reduced.blob,
    type: 'image/jpeg',
    width: reduced.width,
    height: reduced.height,
    takenAt: new Date().toISOString(),
    serverId: null,
  };
  await putPhoto(db, photo);
  return photo;
}
