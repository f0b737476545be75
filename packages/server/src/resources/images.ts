import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { deleteFile, saveImage } from '../files/images.ts';
import type { OperationId } from '../http/contract.ts';
import { notFound } from '../http/errors.ts';
import { readMultipartForm, type UploadedFile } from '../http/multipart.ts';
import type { PreparedWrite } from './factory.ts';
import { messages, type Noun } from './nouns.ts';

/** The `readInput` of a form with one image part: its fields, and the file as `image`. */
export function imageFormReader<TFields>(
  operations: { create: OperationId; update: OperationId },
  imageField: string,
) {
  return async (
    request: FastifyRequest,
    kind: 'create' | 'update',
  ): Promise<TFields & { image?: UploadedFile }> => {
    const form = await readMultipartForm(request, operations[kind]);
    return { ...(form.fields as TFields), image: form.files[imageField] };
  };
}

/**
 * The image file of the record being updated (`image` holds its file id); null on create. An
 * update of a missing record is a 404 before any new image is stored.
 */
export async function currentImageOf(
  db: Db,
  record: { id: PgColumn; image: PgColumn; noun: Noun },
  id: number | undefined,
): Promise<string | null> {
  if (id === undefined) return null;
  const [current] = await db
    .select({ fileId: record.image })
    .from(record.id.table)
    .where(eq(record.id, id));
  if (!current) throw notFound(messages.notFound(record.noun));
  return current.fileId as string | null;
}

/**
 * The image part of a product or user form: stores a new image before the transaction and
 * returns the hooks that remove the new file if the save fails, or the replaced one once the
 * save committed. Without a new image the current one is kept.
 */
export async function imageReplacement(
  request: FastifyRequest,
  db: Db,
  upload: UploadedFile | undefined,
  field: string,
  currentFileId: string | null,
): Promise<{ fileId: string | undefined } & Pick<PreparedWrite, 'afterCommit' | 'onFailure'>> {
  if (!upload) return { fileId: undefined };
  const { storage, config } = request.server.services;
  const fileId = await saveImage(db, storage, upload.buffer, {
    field,
    maxBytes: config.uploadLimit,
  });
  return {
    fileId,
    onFailure: () => deleteFile(db, storage, fileId),
    afterCommit: currentFileId ? () => deleteFile(db, storage, currentFileId) : undefined,
  };
}

/** Removes the image of a deleted product or user. */
export async function removeImage(request: FastifyRequest, db: Db, fileId: unknown): Promise<void> {
  if (typeof fileId === 'string') await deleteFile(db, request.server.services.storage, fileId);
}
