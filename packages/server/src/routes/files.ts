import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { files } from '../db/schema/index.ts';
import { readThumbnail } from '../files/images.ts';
import { registerOperation } from '../http/contract.ts';
import { notFound } from '../http/errors.ts';

export default function fileRoutes(app: FastifyInstance): void {
  // Public by unguessable id: <img src> sends no bearer token (see openapi/paths/files.yaml).
  registerOperation(app, 'getFile', { auth: 'public' }, async (request, reply) => {
    const { db, storage } = app.services;
    const [file] = await db.select().from(files).where(eq(files.id, request.params.fileId));
    if (!file) throw notFound('El archivo no existe.');
    reply
      .header('Cache-Control', 'private, max-age=86400')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'");

    if (request.query.size === 'thumb') {
      const thumbnail = await readThumbnail(storage, file.storageKey);
      if (!thumbnail) return missingBytes();
      return reply.type('image/webp').send(thumbnail);
    }

    const stream = await storage.get(file.storageKey);
    if (!stream) return missingBytes();
    // Sent once; Fastify destroys the stream (and closes the file) when the client goes away,
    // and the operation wrapper (contract.ts) knows an early close is not a failure.
    return reply.type(file.mime).header('Content-Length', String(file.size)).send(stream);

    function missingBytes(): never {
      request.log.error(
        { fileId: file!.id, key: file!.storageKey },
        'file row without stored bytes',
      );
      throw notFound('El archivo no existe.');
    }
  });
}
