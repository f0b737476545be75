import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import scalar from '@scalar/fastify-api-reference';
import type { Config } from './env.ts';
import type { Db } from './db/client.ts';
import { LocalFileStorage, type FileStorage } from './files/storage.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { contract, apiBasePath, type RegisteredOperation } from './http/contract.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { notFound } from './http/errors.ts';
import { routeModules } from './routes/index.ts';
import './services.ts';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** A pino logger to use instead of creating one from `config.logLevel`. */
  logger?: FastifyBaseLogger;
  /** Defaults to the local folder `dataDir/files`. */
  storage?: FileStorage;
  /** Defaults to SMTP (`smtpUrl`) or the `dataDir/outbox` folder. */
  mailer?: Mailer;
}

/** Redacted from request logs: credentials never reach the log. */
const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

/**
 * The HTTP application: /api/v1 (every operation of the contract), the reference at /api/docs
 * and the built back-office (packages/app/dist) with an index.html fallback. Not yet listening.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    ...(options.logger
      ? { loggerInstance: options.logger }
      : { logger: { level: config.logLevel, redact: REDACT } }),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: config.bodyLimit,
  }) as unknown as FastifyInstance;

  app.decorate('services', {
    config,
    db,
    storage: options.storage ?? new LocalFileStorage(path.join(config.dataDir, 'files')),
    mailer: options.mailer ?? createMailer(config, app.log),
  });
  app.decorate('registeredOperations', new Map<string, RegisteredOperation>());
  app.decorateRequest('principal', null);

  installErrorHandler(app, config);

  // An empty JSON body is "no body" (POST /auth/refresh-token is sent with a JSON content type
  // and nothing in it); anything else goes through Fastify's safe JSON parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // JSON and multipart only: any other content type is refused (400) before a handler runs.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' || (typeof body === 'string' && body.trim() === '')) {
      done(null, undefined);
      return;
    }
    parseJson(request, body as string, done);
  });

  await app.register(cookie);
  await app.register(multipart, {
    limits: {
      fileSize: config.uploadLimit,
      files: 5,
      fields: 200,
      parts: 205,
      fieldSize: 100 * 1024,
    },
  });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('X-Frame-Options', 'DENY');
  });

  for (const registerRoutes of routeModules) await registerRoutes(app);

  await app.register(scalar, {
    routePrefix: '/api/docs',
    configuration: { content: contract, title: 'Anaquel API' },
    logLevel: 'warn',
  });

  const hasAppBuild = existsSync(path.join(config.appDistDir, 'index.html'));
  if (hasAppBuild) {
    await app.register(fastifyStatic, {
      root: config.appDistDir,
      // One route per file of the build (made before start); anything else reaches the not-found
      // handler below, which answers index.html for client routes.
      wildcard: false,
      dotfiles: 'ignore',
      cacheControl: false,
      setHeaders(reply, filePath) {
        // Vite's hashed assets never change under their name; everything else is revalidated.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn(
      { appDistDir: config.appDistDir },
      'the app is not built (pnpm build): only the API is served',
    );
  }

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
      // A client-side route of the back-office (/login, /users...): the SPA handles it.
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    const envelope = notFound('La ruta solicitada no existe.').toEnvelope();
    return reply.code(404).send(envelope);
  });

  return app;
}
