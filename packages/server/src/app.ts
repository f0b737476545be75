import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import scalar from '@scalar/fastify-api-reference';
import type { Config } from './env.ts';
import type { Db } from './db/client.ts';
import { LocalFileStorage, type FileStorage } from './files/storage.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { contract, apiBasePath, type RegisteredOperation } from './http/contract.ts';
import {
  MAX_PARAM_LENGTH,
  clientErrorHandler,
  frameworkErrorHandler,
  installErrorHandler,
} from './http/error-handler.ts';
import { notFound } from './http/errors.ts';
import { loggerOptions } from './http/logging.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { routeModules } from './routes/index.ts';
import { registerAuthRateLimits } from './auth/rate-limit.ts';
import { registerHousekeeping } from './auth/housekeeping.ts';
import { authorize } from './auth/guard.ts';
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

/**
 * The HTTP application: /api/v1 (every operation of the contract), the reference at /api/docs
 * and the built back-office (packages/app/dist) with an index.html fallback. Not yet listening.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    ...(options.logger
      ? { loggerInstance: options.logger }
      : { logger: loggerOptions(config.logLevel) }),
    routerOptions: {
      caseSensitive: false,
      ignoreTrailingSlash: true,
      maxParamLength: MAX_PARAM_LENGTH,
    },
    bodyLimit: config.bodyLimit,
    // A hop count is valid for Fastify (proxy-addr) but missing from its types.
    trustProxy: config.trustProxy as boolean | string[],
    // Router and HTTP-parser failures leave as the envelope too (http/error-handler.ts).
    frameworkErrors: frameworkErrorHandler(config),
    clientErrorHandler,
  }) as unknown as FastifyInstance;

  app.decorate('services', {
    config,
    db,
    storage: options.storage ?? new LocalFileStorage(path.join(config.dataDir, 'files')),
    mailer: options.mailer ?? createMailer(config, app.log),
  });
  app.decorate('registeredOperations', new Map<string, RegisteredOperation>());
  app.decorateRequest('principal', null);
  app.decorate('authorize', authorize);

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

  // JSON answers of 1 KB or more go out brotli- or gzip-compressed (per request, brotli quality 4),
  // with `Vary: Accept-Encoding`; request bodies are not decompressed. Types: JSON and what
  // mime-db calls compressible; an Excel export (xlsx: not compressible, already a zip) or an
  // uploaded image streams through untouched, so nothing is buffered.
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
  await app.register(cookie);
  // Per-address and per-account limits of the auth operations, counted in the database.
  await registerAuthRateLimits(app);
  registerHousekeeping(app);
  await app.register(multipart, {
    limits: {
      fileSize: config.uploadLimit,
      files: 5,
      fields: 200,
      parts: 205,
      fieldSize: 100 * 1024,
    },
  });

  // CSP (inline theme script by hash), HSTS over https, COOP, Permissions-Policy, no-store on
  // auth answers, Secure cookies over https (http/security-headers.ts). After the cookie plugin,
  // whose onSend writes the Set-Cookie headers this one secures.
  await registerSecurityHeaders(app, config);

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
      // The build writes `.br` and `.gz` next to each text file (packages/app/build/precompress.ts):
      // sent as they are by `Accept-Encoding`, with `Vary: Accept-Encoding`, identity otherwise.
      preCompressed: true,
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
