import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import type { Db } from '../db/client.ts';
import { files } from '../db/schema/index.ts';
import { fieldError } from '../http/errors.ts';
import { Semaphore } from '../http/semaphore.ts';
import type { FileStorage } from './storage.ts';

// Image intake (issue 8): every uploaded image is fully decoded and re-encoded with sharp, so
// what is stored is pixels we produced, never the uploaded bytes. That refuses anything that
// only starts like an image (a GIF header followed by HTML, a PNG signature followed by random
// bytes), drops every metadata block (EXIF with the GPS position, XMP, comments) and applies the
// EXIF orientation first. Each image also gets a thumbnail for galleries, stored next to it
// (`files/{id}?size=thumb`). The storage interface (storage.ts) is unchanged.

const DEFAULT_MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Decoding refuses images over this many pixels (a "decompression bomb" of a few KB). */
const MAX_IMAGE_PIXELS = 40_000_000;
/** Stored images are scaled down to fit this box (never up). */
const MAX_IMAGE_SIDE = 4096;
/** Thumbnails fit this box (WebP). */
const THUMBNAIL_SIDE = 320;

const NOT_AN_IMAGE_MESSAGE = 'El archivo debe ser una imagen JPEG, PNG, WebP o GIF.';

// Decoding a phone's photo takes tens of megabytes and a core for a moment. Without a bound, a
// burst of uploads decoded them all at once: every core busy (PGlite shares the server's thread)
// and the process grown by hundreds of megabytes it kept. So: at most half the cores decode, one
// libvips thread each, the others wait in line; and libvips keeps no cache of decoded images
// (each upload is decoded once, a cache only holds memory).
sharp.cache(false);
sharp.concurrency(1);
/** Images decoded at once (the others wait in line). */
export const DECODING_AT_ONCE = Math.max(1, Math.floor(availableParallelism() / 2));
const decoding = new Semaphore(DECODING_AT_ONCE);

export interface ImageType {
  mime: 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';
  extension: 'jpg' | 'png' | 'webp' | 'gif';
}

function startsWith(buffer: Buffer, bytes: number[], offset = 0): boolean {
  if (buffer.length < offset + bytes.length) return false;
  return bytes.every((byte, i) => buffer[offset + i] === byte);
}

/**
 * The image type announced by the first bytes (magic numbers). Only a first filter: the bytes
 * are an image once `ingestImage` decoded them.
 */
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

export interface IngestImageOptions {
  maxBytes?: number;
  /** The form field the image came from, for the 400's validationErrors (default 'image'). */
  field?: string;
  /** The user the file belongs to (a promoter's visit photo: docs/sync.md). */
  uploadedBy?: number;
}

/** What `ingestImage` stored. */
export interface IngestedImage {
  /** The file id: `GET files/{id}` serves the image, `GET files/{id}?size=thumb` its thumbnail. */
  id: string;
  mime: ImageType['mime'];
  /** Bytes of the stored (re-encoded) image. */
  size: number;
  width: number;
  height: number;
  thumbnail: { width: number; height: number; size: number };
}

export interface ImageServices {
  db: Db;
  storage: FileStorage;
}

/** Storage key of an image's thumbnail: `ab/<id>.jpg` -> `ab/<id>-thumb.webp`. */
export function thumbnailKeyOf(storageKey: string): string {
  return `${storageKey.replace(/\.[A-Za-z0-9]+$/, '')}-thumb.webp`;
}

interface Encoded {
  data: Buffer;
  width: number;
  height: number;
}

/** Decodes the whole image and encodes it again in its own format, without metadata. */
async function reencode(buffer: Buffer, type: ImageType): Promise<Encoded> {
  const animated = type.mime === 'image/gif' || type.mime === 'image/webp';
  let pipeline = sharp(buffer, {
    failOn: 'warning',
    limitInputPixels: MAX_IMAGE_PIXELS,
    animated,
    sequentialRead: true,
  })
    // Applies the EXIF orientation; metadata is not copied (sharp's default), so EXIF (GPS),
    // XMP and ICC comments are gone.
    .rotate()
    .resize({
      width: MAX_IMAGE_SIDE,
      height: MAX_IMAGE_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    });
  switch (type.mime) {
    case 'image/jpeg':
      pipeline = pipeline.jpeg({ quality: 85, mozjpeg: true });
      break;
    case 'image/png':
      pipeline = pipeline.png({ compressionLevel: 8 });
      break;
    case 'image/webp':
      pipeline = pipeline.webp({ quality: 85 });
      break;
    case 'image/gif':
      pipeline = pipeline.gif();
      break;
  }
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.pageHeight ?? info.height };
}

/** A WebP thumbnail (first frame) of already decoded, trusted bytes. */
async function makeThumbnail(buffer: Buffer): Promise<Encoded> {
  const { data, info } = await sharp(buffer, { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize({
      width: THUMBNAIL_SIDE,
      height: THUMBNAIL_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .webp({ quality: 75 })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * The one intake of uploaded images (products, users, visit photos): checks the size, decodes
 * and re-encodes the image (refusing what does not decode, with the Spanish 400 on `field`),
 * stores it and its thumbnail and records it in `files`.
 */
export async function ingestImage(
  { db, storage }: ImageServices,
  buffer: Buffer,
  options: IngestImageOptions = {},
): Promise<IngestedImage> {
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
  if (!type) throw fieldError(field, NOT_AN_IMAGE_MESSAGE);

  let image: Encoded;
  let thumbnail: Encoded;
  try {
    [image, thumbnail] = await decoding.run(async () => {
      const reencoded = await reencode(buffer, type);
      return [reencoded, await makeThumbnail(reencoded.data)] as const;
    });
  } catch {
    // libvips' message says which decoder failed; the client only needs to know it is not an
    // image we accept.
    throw fieldError(field, NOT_AN_IMAGE_MESSAGE);
  }

  const id = randomUUID();
  const storageKey = `${id.slice(0, 2)}/${id}.${type.extension}`;
  const thumbnailKey = thumbnailKeyOf(storageKey);
  await storage.put(storageKey, image.data);
  try {
    await storage.put(thumbnailKey, thumbnail.data);
    await db.insert(files).values({
      id,
      mime: type.mime,
      size: image.data.length,
      storageKey,
      uploadedBy: options.uploadedBy ?? null,
    });
  } catch (error) {
    await storage.delete(storageKey).catch(() => {});
    await storage.delete(thumbnailKey).catch(() => {});
    throw error;
  }
  return {
    id,
    mime: type.mime,
    size: image.data.length,
    width: image.width,
    height: image.height,
    thumbnail: { width: thumbnail.width, height: thumbnail.height, size: thumbnail.data.length },
  };
}

/** `ingestImage` for callers that only keep the file id (what `profileImageUrl` and friends carry). */
export async function saveImage(
  db: Db,
  storage: FileStorage,
  buffer: Buffer,
  options: IngestImageOptions = {},
): Promise<string> {
  return (await ingestImage({ db, storage }, buffer, options)).id;
}

/**
 * The thumbnail of a stored image. Images stored before thumbnails existed get theirs made on
 * first request (from the stored bytes, which were checked when they were uploaded).
 */
export async function readThumbnail(
  storage: FileStorage,
  storageKey: string,
): Promise<Buffer | null> {
  const key = thumbnailKeyOf(storageKey);
  const existing = await storage.get(key);
  if (existing) return readAll(existing);
  const original = await storage.get(storageKey);
  if (!original) return null;
  const bytes = await readAll(original);
  const { data } = await decoding.run(() => makeThumbnail(bytes));
  await storage.put(key, data);
  return data;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Deletes a stored file (row, bytes and thumbnail), e.g. the previous image after a replacement.
 * Rows that still reference it get NULL (the foreign keys say ON DELETE SET NULL).
 */
export async function deleteFile(db: Db, storage: FileStorage, fileId: string): Promise<void> {
  const [row] = await db.delete(files).where(eq(files.id, fileId)).returning();
  if (row) {
    await storage.delete(row.storageKey);
    await storage.delete(thumbnailKeyOf(row.storageKey));
  }
}

function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}
