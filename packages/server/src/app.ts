import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import scalar from '@scalar/fastify-api-reference';
import type { Config } from './env.ts';
import type { Db } from './db/client.ts';
import type { FileStorage } from './files/storage.ts';
import { createFileStorage } from './files/create-storage.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { contract, type RegisteredOperation } from './http/contract.ts';
import { registerAppFiles } from './http/app-files.ts';
import { registerBodyParsers, registerCompression } from './http/body-parsers.ts';
import {
  MAX_PARAM_LENGTH,
  clientErrorHandler,
  frameworkErrorHandler,
  installErrorHandler,
} from './http/error-handler.ts';
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
  /** Defaults to the configured storage (`config.fileStorage`: `dataDir/files` or a bucket). */
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
    // A request that reached a stopping process is served, not refused with a 503: the balancer
    // already sent it and could not pass a write on (http/graceful-stop.ts).
    return503OnClosing: false,
  }) as unknown as FastifyInstance;

  app.decorate('services', {
    config,
    db,
    storage: options.storage ?? (await createFileStorage(config)),
    mailer: options.mailer ?? createMailer(config, app.log),
  });
  app.decorate('registeredOperations', new Map<string, RegisteredOperation>());
  app.decorateRequest('principal', null);
  app.decorate('authorize', authorize);

  installErrorHandler(app, config);
  await registerBodyParsers(app, config);
  await registerCompression(app);
  await app.register(cookie);
  // Per-address and per-account limits of the auth operations, counted in the database.
  await registerAuthRateLimits(app);
  registerHousekeeping(app);

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

  await registerAppFiles(app, config);
  return app;
}
