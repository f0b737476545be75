import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '../env.ts';
import { apiBasePath } from './contract.ts';
import { notFound } from './errors.ts';

/**
 * The built app (`config.appDistDir`): its files as the build compressed them, and index.html for
 * any other GET that is not the API nor a file, so the client's routes survive a reload. Without a
 * build only the API is served. Everything else unknown is the envelope's 404.
 */
export async function registerAppFiles(app: FastifyInstance, config: Config): Promise<void> {
  const hasAppBuild = existsSync(path.join(config.appDistDir, 'index.html'));
  if (hasAppBuild) {
    await app.register(fastifyStatic, {
      root: config.appDistDir,
      // One route per file of the build (made before start); anything else reaches the not-found
      // handler below, which answers index.html for client routes.
      wildcard: false,
      dotfiles: 'ignore',
      // The build writes `.br` and `.gz` next to each text file (packages/app/build/precompress.ts):
      // sent as they are by `Accept-Encoding`, with `Vary: Accept-Encoding`, identity otherwise.
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        // Vite's hashed assets never change under their name; everything else is revalidated.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The field app's service worker (no-cache above: every update check reaches the server)
        // may control /campo and nothing wider, so the back-office never gets one.
        if (FIELD_SERVICE_WORKER.test(path.basename(filePath))) {
          reply.header('Service-Worker-Allowed', '/campo');
        }
      },
    });
  } else {
    app.log.warn(
      { appDistDir: config.appDistDir },
      'the app is not built (pnpm build): only the API is served',
    );
  }

  // The promoters' field app is its own page (packages/app/campo.html, docs/field-app.md).
  const hasFieldApp = hasAppBuild && existsSync(path.join(config.appDistDir, 'campo.html'));

  app.setNotFoundHandler((request, reply) => {
    const pathname = (request.url.split('?')[0] ?? '/').toLowerCase();
    const isApi =
      pathname === apiBasePath.split('/').slice(0, 2).join('/') || pathname.startsWith('/api/');
    const looksLikeFile = /\.[a-z0-9]+$/.test(pathname);
    if (
      hasAppBuild &&
      !isApi &&
      !looksLikeFile &&
      (request.method === 'GET' || request.method === 'HEAD')
    ) {
      if (hasFieldApp && isFieldAppPath(pathname)) {
        return reply.header('Cache-Control', 'no-cache').sendFile('campo.html');
      }
      // A client-side route of the back-office (/login, /users...): the SPA handles it.
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    const envelope = notFound('La ruta solicitada no existe.').toEnvelope();
    return reply.code(404).send(envelope);
  });
}

/** The field app's service worker as built (packages/app/build/field-pwa.ts), or a compressed copy. */
const FIELD_SERVICE_WORKER = /^campo-sw\.js(?:\.br|\.gz)?$/;

/** Whether a lower-cased path is the field app's: /campo or anything under /campo/. */
export function isFieldAppPath(pathname: string): boolean {
  return pathname === '/campo' || pathname.startsWith('/campo/');
}
