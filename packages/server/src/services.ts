import type { Config } from './env.ts';
import type { Db } from './db/client.ts';
import type { FileStorage } from './files/storage.ts';
import type { Mailer } from './mail/mailer.ts';

/** What route handlers need, available as `app.services` (and `request.server.services`). */
interface AppServices {
  config: Config;
  db: Db;
  storage: FileStorage;
  mailer: Mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}
