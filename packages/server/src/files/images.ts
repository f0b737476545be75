import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { files } from '../db/schema/index.ts';
import { fieldError } from '../http/errors.ts';
import type { FileStorage } from './storage.ts';

export const DEFAULT_MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export interface ImageType {
  mime: 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';
  extension: 'jpg' | 'png' | 'webp' | 'gif';
}

function startsWith(buffer: Buffer, bytes: number[], offset = 0): boolean {
  if (buffer.length < offset + bytes.length) return false;
  return bytes.every((byte, i) => buffer[offset + i] === byte);
}

/** The image type by content (magic bytes), whatever the name or declared type says. */
export function detectImageType(buffer: Buffer): ImageType | null {
  if (startsWith(buffer, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', extension: 'jpg' };
  if (startsWith(buffer, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { mime: 'image/png', extension: 'png' };
  }
  // RIFF....WEBP
  if (
    startsWith(buffer, [0x52, 0x49, 0x46, 0x46]) &&
    startsWith(buffer, [0x57, 0x45, 0x42, 0x50], 8)
  ) {
    return { mime: 'image/webp', extension: 'webp' };
  }
  // GIF87a / GIF89a
  if (
    startsWith(buffer, [0x47, 0x49, 0x46, 0x38, 0x37, 0x61]) ||
    startsWith(buffer, [0x47, 0x49, 0x46, 0x38, 0x39, 0x61])
  ) {
    return { mime: 'image/gif', extension: 'gif' };
  }
  return null;
}

export interface SaveImageOptions {
  maxBytes?: number;
  /** The form field the image came from, for the 400's validationErrors (default 'image'). */
  field?: string;
}

/**
 * Checks that the bytes are a JPEG, PNG, WebP or GIF image within the size limit, stores them
 * and records them in `files`. Returns the file id (what `profileImageUrl` and friends carry).
 * Throws a 400 envelope with a Spanish message otherwise.
 */
export async function saveImage(
  db: Db,
  storage: FileStorage,
  buffer: Buffer,
  options: SaveImageOptions = {},
): Promise<string> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_IMAGE_BYTES;
  const field = options.field ?? 'image';
  if (buffer.length === 0) throw fieldError(field, 'El archivo está vacío.');
  if (buffer.length > maxBytes) {
    throw fieldError(
      field,
      `La imagen excede el tamaño máximo permitido (${formatMegabytes(maxBytes)}).`,
    );
  }
  const type = detectImageType(buffer);
  if (!type) {
    throw fieldError(field, 'El archivo debe ser una imagen JPEG, PNG, WebP o GIF.');
  }
  const id = randomUUID();
  const storageKey = `${id.slice(0, 2)}/${id}.${type.extension}`;
  await storage.put(storageKey, buffer);
  try {
    await db.insert(files).values({ id, mime: type.mime, size: buffer.length, storageKey });
  } catch (error) {
    await storage.delete(storageKey).catch(() => {});
    throw error;
  }
  return id;
}

/**
 * Deletes a stored file (row and bytes), e.g. the previous image after a replacement. Rows that
 * still reference it get NULL (the foreign keys say ON DELETE SET NULL).
 */
export async function deleteFile(db: Db, storage: FileStorage, fileId: string): Promise<void> {
  const [row] = await db.delete(files).where(eq(files.id, fileId)).returning();
  if (row) await storage.delete(row.storageKey);
}

function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}
