import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { deleteFile, saveImage } from '../files/images.ts';
import type { UploadedFile } from '../http/multipart.ts';
import type { PreparedWrite } from './factory.ts';

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
