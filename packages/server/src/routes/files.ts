import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { files } from '../db/schema/index.ts';
import { registerOperation } from '../http/contract.ts';
import { notFound } from '../http/errors.ts';

export default function fileRoutes(app: FastifyInstance): void {
  // Public by unguessable id: <img src> sends no bearer token (see openapi/paths/files.yaml).
  registerOperation(app, 'getFile', { auth: 'public' }, async (request, reply) => {
    const { db, storage } = app.services;
    const [file] = await db.select().from(files).where(eq(files.id, request.params.fileId));
    if (!file) throw notFound('El archivo no existe.');
    const stream = await storage.get(file.storageKey);
    if (!stream) {
      request.log.error({ fileId: file.id, key: file.storageKey }, 'file row without stored bytes');
      throw notFound('El archivo no existe.');
    }
    return reply
      .type(file.mime)
      .header('Content-Length', String(file.size))
      .header('Cache-Control', 'private, max-age=86400')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'")
      .send(stream);
  });
}
