import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import type { Config } from '../env.ts';

/**
 * JSON and multipart only: any other content type is refused (400) before a handler runs. An empty
 * JSON body is "no body" (POST /auth/refresh-token is sent with a JSON content type and nothing in
 * it); anything else goes through Fastify's safe JSON parser.
 */
export async function registerBodyParsers(app: FastifyInstance, config: Config): Promise<void> {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' || (typeof body === 'string' && body.trim() === '')) {
      done(null, undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
  await app.register(multipart, {
    limits: {
      fileSize: config.uploadLimit,
      files: 5,
      fields: 200,
      parts: 205,
      fieldSize: 100 * 1024,
    },
  });
}

/**
 * JSON answers of 1 KB or more go out brotli- or gzip-compressed (per request, brotli quality 4),
 * with `Vary: Accept-Encoding`; request bodies are not decompressed. Types: JSON and what mime-db
 * calls compressible; an Excel export (xlsx: not compressible, already a zip) or an uploaded image
 * streams through untouched, so nothing is buffered.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // The per-request compression is for the API (and its reference) only: the app's files are sent
  // as the build compressed them, never recompressed per request. This hook runs before the
  // plugin's own onRoute hook, which reads `compress`.
  app.addHook('onRoute', (route) => {
    if (!route.url.toLowerCase().startsWith('/api/')) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // A function, not a RegExp: the plugin tests `instanceof RegExp`, false across realms (vitest).
    customTypes: (contentType: string) =>
      /^application\/(?:[\w.-]+\+)?json(?:;|$)/.test(contentType),
  });
}
